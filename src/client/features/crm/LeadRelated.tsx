import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Lead } from '../../../shared/crm';
import { formatBRL } from '../../../shared/money';
import { formatInstant } from '../../../shared/time';
import { useActivities, useOpportunities } from './crm-api';
import { ActivityStatusBadge, StageBadge } from './crm-ui';

/** A lead's row opened: its opportunities and activities, with links to their screens filtered by the lead. */
export function LeadRelated({ lead }: { lead: Lead }) {
  const opportunities = useOpportunities({ lead_id: lead.id });
  const activities = useActivities({ lead_id: lead.id });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" py="xs">
      <RelatedList
        title="Oportunidades"
        to={`/crm/opportunities?lead_id=${lead.id}`}
        query={opportunities}
        empty="Nenhuma oportunidade encontrada."
        row={(o) => (
          <>
            <Text size="sm" truncate>
              {o.title}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{formatBRL(o.value)}</Text>
              <StageBadge stage={o.stage} />
            </Group>
          </>
        )}
      />
      <RelatedList
        title="Atividades"
        to={`/crm/activities?lead_id=${lead.id}`}
        query={activities}
        empty="Nenhuma atividade encontrada."
        row={(a) => (
          <>
            <Text size="sm" truncate c={a.overdue ? 'red.9' : undefined}>
              {a.title}
              {a.scheduled_at && ` · ${formatInstant(a.scheduled_at)}`}
            </Text>
            <ActivityStatusBadge status={a.status} />
          </>
        )}
      />
    </SimpleGrid>
  );
}

interface RelatedListProps<T> {
  title: string;
  /** "Ver todas": the full screen, filtered by the lead. */
  to: string;
  query: UseQueryResult<{ items: T[] }>;
  empty: string;
  /** The two ends of an item's line. */
  row(item: T): ReactNode;
}

function RelatedList<T extends { id: string }>({ title, to, query, empty, row }: RelatedListProps<T>) {
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Anchor component={Link} to={to} size="sm">
          Ver todas
        </Anchor>
      </Group>
      {query.isPending ? (
        <Skeleton h={40} />
      ) : query.isError || query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        query.data.items.map((item) => (
          <Group key={item.id} gap="xs" justify="space-between" wrap="nowrap">
            {row(item)}
          </Group>
        ))
      )}
    </Stack>
  );
}
