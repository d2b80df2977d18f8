import { Badge, Grid, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  AUDIT_ACTION_FILTER_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ACTOR_ROLE_LABELS,
  AUDIT_RECORD_KIND_LABELS,
  AUDIT_RECORD_KINDS,
  type AuditRecordKind,
} from '../../../shared/audit';
import { useAuditList, useAuditPeople } from '../../lib/audit-queries';
import { useUrlPage } from '../../lib/use-url-page';
import { useUrlParams } from '../../lib/use-url-params';
import { AuditEntryLine } from '../../ui/AuditHistory';
import { EmptyState } from '../../ui/EmptyState';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../ui/FilterBar';
import { countLabel, PagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';

const FILTER_KEYS = ['actor_id', 'record_kind', 'record_id', 'action', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** /auditoria — who changed what (issue 29): the trail the caller may read, newest first, with its filters. */
export function AuditPage() {
  const { params, update, replaceAll } = useUrlParams();
  const filters = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k) as string]] : []))) as Partial<
    Record<FilterKey, string>
  >;
  const { page, goToPage } = useUrlPage();
  const list = useAuditList(filters, page);
  const people = useAuditPeople();

  useEffect(() => {
    if (list.isError) console.error(list.error);
  }, [list.isError, list.error]);

  // A period's two days typed quickly both stay: each change starts from the last one (useUrlParams).
  const setFilter = (key: FilterKey, value: string | null) =>
    update((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
      if (key === 'record_kind') next.delete('record_id');
      next.delete('page');
    });
  const filtered = FILTER_KEYS.some((k) => filters[k]);

  return (
    <>
      <PageHeader
        title="Auditoria"
        description="Quem alterou o quê: preços, adega, pedidos, cadastros e usuários, com o valor antes e depois."
        back={{ to: '/', label: 'Início' }}
      />
      <FilterBar label="Filtrar auditoria">
        <FilterSelect
          span={{ base: 12, sm: 6, md: 3 }}
          label="Pessoa"
          searchable
          nothingFoundMessage="Ninguém"
          data={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${AUDIT_ACTOR_ROLE_LABELS[p.role] ?? p.role})` }))}
          value={filters.actor_id ?? ''}
          onChange={(v) => setFilter('actor_id', v)}
        />
        <FilterSelect
          span={{ base: 12, sm: 6, md: 3 }}
          label="Tipo de registro"
          data={AUDIT_RECORD_KINDS.map((k) => ({ value: k, label: AUDIT_RECORD_KIND_LABELS[k] }))}
          value={filters.record_kind ?? ''}
          onChange={(v) => setFilter('record_kind', v)}
        />
        <FilterSelect
          span={{ base: 12, sm: 6, md: 2 }}
          label="Ação"
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_FILTER_LABELS[a] }))}
          value={filters.action ?? ''}
          onChange={(v) => setFilter('action', v)}
        />
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <TextInput label="De" type="date" value={filters.from ?? ''} onChange={(e) => setFilter('from', e.currentTarget.value)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <TextInput label="Até" type="date" value={filters.to ?? ''} onChange={(e) => setFilter('to', e.currentTarget.value)} />
        </Grid.Col>
        {filtered && (
          <Grid.Col span={{ base: 12, md: 'content' }}>
            <ClearFiltersButton onClick={() => replaceAll(new URLSearchParams(), false)} />
          </Grid.Col>
        )}
      </FilterBar>

      <PagedList
        list={list}
        errorTitle="Não foi possível carregar a auditoria"
        skeletonRows={5}
        page={page}
        onPageChange={goToPage}
        summary={(total) => countLabel(total, 'alteração', 'alterações')}
        empty={
          <EmptyState icon={<IconHistory size={26} />} title={filtered ? 'Nenhuma alteração encontrada' : 'Nenhuma alteração ainda'}>
            {filtered ? 'Nenhuma alteração corresponde a estes filtros.' : 'Cada alteração feita no Adega aparece aqui.'}
          </EmptyState>
        }
      >
        {(entries) => (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Alterações">
            {entries.map((entry) => (
              <Paper key={entry.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <div style={{ minWidth: 0, flex: '1 1 280px', overflowWrap: 'anywhere' }}>
                    <AuditEntryLine entry={entry} withKind />
                  </div>
                  <Group gap={6}>
                    <Badge variant="light" color="grape" size="sm">
                      {AUDIT_RECORD_KIND_LABELS[entry.record_kind as AuditRecordKind] ?? entry.record_kind}
                    </Badge>
                    {entry.establishment_name && (
                      <Text size="xs" c="dimmed">
                        {entry.establishment_name}
                      </Text>
                    )}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </PagedList>
    </>
  );
}
