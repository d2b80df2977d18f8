import { Anchor, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Lead } from '../../../shared/crm';
import { formatInstant } from '../../../shared/crm';
import { formatBRL } from '../../../shared/money';
import { useActivities, useOpportunities } from './crm-api';
import { ActivityStatusBadge, StageBadge } from './crm-ui';

/** A lead's row opened: its opportunities and activities, with links to their screens filtered by the lead. */
export function LeadRelated({ lead }: { lead: Lead }) {
  const opportunities = useOpportunities({ lead_id: lead.id });
  const activities = useActivities({ lead_id: lead.id });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" py="xs">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Oportunidades
          </Text>
          <Anchor component={Link} to={`/crm/opportunities?lead_id=${lead.id}`} size="sm">
            Ver todas
          </Anchor>
        </Group>
        {opportunities.isPending ? (
          <Skeleton h={40} />
        ) : opportunities.isError || opportunities.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma oportunidade encontrada.
          </Text>
        ) : (
          opportunities.data.items.map((o) => (
            <Group key={o.id} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {o.title}
              </Text>
              <Group gap="xs" wrap="nowrap">
                <Text size="sm">{formatBRL(o.value)}</Text>
                <StageBadge stage={o.stage} />
              </Group>
            </Group>
          ))
        )}
      </Stack>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Atividades
          </Text>
          <Anchor component={Link} to={`/crm/activities?lead_id=${lead.id}`} size="sm">
            Ver todas
          </Anchor>
        </Group>
        {activities.isPending ? (
          <Skeleton h={40} />
        ) : activities.isError || activities.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma atividade encontrada.
          </Text>
        ) : (
          activities.data.items.map((a) => (
            <Group key={a.id} gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm" truncate c={a.overdue ? 'red.9' : undefined}>
                {a.title}
                {a.scheduled_at && ` · ${formatInstant(a.scheduled_at)}`}
              </Text>
              <ActivityStatusBadge status={a.status} />
            </Group>
          ))
        )}
      </Stack>
    </SimpleGrid>
  );
}
