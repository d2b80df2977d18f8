import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconChecklist } from '@tabler/icons-react';
import type { Activity } from '../../../shared/crm';
import { ACTIVITY_STATUS_LABELS, ACTIVITY_TYPE_LABELS, isActivityDone } from '../../../shared/crm-vocabulary';
import { formatInstant } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useWriteRights } from '../../lib/use-write-rights';
import { CardTable } from '../../ui/CardTable';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { NewButton } from '../../ui/NewButton';
import { PageHeader } from '../../ui/PageHeader';
import { RowActionButton, RowActions } from '../../ui/RowActionIcons';
import { TableRows } from '../../ui/TableRows';
import { ActivityFormModal } from './ActivityFormModal';
import { CrmFilters, useUrlFilters } from './CrmFilters';
import { useActivities, useCompleteActivity, useDeleteActivity, useLeads, useOpportunities } from './crm-api';
import {
  ActivityStatusBadge,
  ActivityTypeLabel,
  CrmResults,
  CrmTabs,
  CutDescription,
  ErrorBanner,
  optionsOf,
  useErrorBanner,
  useFormDialog,
} from './crm-ui';

const FILTER_KEYS = ['type', 'status', 'lead_id', 'opportunity_id', 'search'] as const;

/** /crm/activities — filters, table (overdue rows in red with 'Atrasada'), Concluir, edit, delete. */
export function ActivitiesPage() {
  const { filters, set, clear } = useUrlFilters(FILTER_KEYS);
  const activities = useActivities(filters);
  // The filters' options (up to 500 leads and opportunities) wait for the table: on the embedded database the requests
  // are answered one at a time, and the table is what the person came for.
  const pickersReady = activities.isFetched;
  const leads = useLeads({ limit: '500' }, pickersReady);
  const opportunities = useOpportunities({ limit: '500' }, pickersReady);
  if (leads.isError) console.error('Lead picker failed to load', leads.error);
  if (opportunities.isError) console.error('Opportunity picker failed to load', opportunities.error);
  const complete = useCompleteActivity();
  const remove = useDeleteActivity();
  const banner = useErrorBanner();
  const { canCreate, canUpdate, canDelete } = useWriteRights('crm');
  const canComplete = useCan('crm', 'complete');
  const dialog = useFormDialog<Activity>();

  const onComplete = (a: Activity) =>
    complete.mutate(a.id, banner.outcome('Atividade concluída com sucesso!', 'Erro ao marcar atividade como concluída: '));
  const onDelete = (a: Activity) =>
    confirmDelete({
      title: 'Excluir atividade',
      message: 'Tem certeza que deseja excluir esta atividade?',
      onConfirm: () => remove.mutate(a.id, banner.outcome('Atividade excluída com sucesso!', 'Erro ao excluir atividade: ')),
    });

  return (
    <>
      <PageHeader
        title="Atividades"
        description="Ligações, visitas, demonstrações e tarefas da equipe comercial."
        actions={canCreate && <NewButton onClick={() => dialog.show(null)}>Nova atividade</NewButton>}
      />
      <CrmTabs />
      <CrmFilters
        selects={[
          { key: 'type', label: 'Tipo', data: optionsOf(ACTIVITY_TYPE_LABELS) },
          { key: 'status', label: 'Status', data: optionsOf(ACTIVITY_STATUS_LABELS) },
          { key: 'lead_id', label: 'Lead', data: (leads.data?.items ?? []).map((l) => ({ value: l.id, label: l.name })) },
          {
            key: 'opportunity_id',
            label: 'Oportunidade',
            data: (opportunities.data?.items ?? []).map((o) => ({ value: o.id, label: o.title })),
          },
        ]}
        filters={filters}
        set={set}
        clear={clear}
        searchLabel="Título ou descrição"
      />
      <ErrorBanner message={banner.message} onClose={banner.clear} />
      <CrmResults
        query={activities}
        loadError="Erro ao carregar atividades: "
        empty={<EmptyState icon={<IconChecklist size={26} />} title="Nenhuma atividade encontrada." />}
      >
        {(items) => (
          <>
            <CardTable label="Atividades" minWidth={900} highlightOnHover verticalSpacing="sm">
              <TableRows
                head={
                  <>
                    <Table.Th>Atividade</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Vínculo</Table.Th>
                    <Table.Th>Agendada para</Table.Th>
                    <Table.Th ta="right">Ações</Table.Th>
                  </>
                }
                rows={items}
                rowProps={(a) => ({ bg: a.overdue ? 'var(--mantine-color-red-1)' : undefined, 'data-overdue': a.overdue || undefined })}
              >
                {(a) => (
                  <>
                    <Table.Td maw={300}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} size="sm">
                          {a.title}
                        </Text>
                        {a.overdue && (
                          <Badge color="red.9" variant="filled" tt="none">
                            Atrasada
                          </Badge>
                        )}
                      </Group>
                      <CutDescription text={a.description} c="dark.4" />
                    </Table.Td>
                    <Table.Td data-label="Tipo">
                      <ActivityTypeLabel type={a.type} />
                    </Table.Td>
                    <Table.Td data-label="Status">
                      <ActivityStatusBadge status={a.status} />
                    </Table.Td>
                    <Table.Td data-label="Vínculo">
                      <Stack gap={0}>
                        {a.lead_name && <Text size="sm">{a.lead_name}</Text>}
                        {a.opportunity_title && (
                          <Text size="xs" c="dark.4">
                            {a.opportunity_title}
                          </Text>
                        )}
                        {!a.lead_name && !a.opportunity_title && (
                          <Text size="sm" c="dark.4">
                            -
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td data-label="Agendada para">
                      <Text size="sm" c={a.overdue ? 'red.9' : undefined} fw={a.overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
                        {a.scheduled_at ? formatInstant(a.scheduled_at) : '-'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-actions>
                      <RowActions
                        label={a.title}
                        onEdit={canUpdate ? () => dialog.show(a) : undefined}
                        onDelete={canDelete ? () => onDelete(a) : undefined}
                      >
                        {canComplete && !isActivityDone(a.status) && (
                          <RowActionButton
                            action="Concluir"
                            label={a.title}
                            color="green"
                            icon={<IconCheck size={14} />}
                            onClick={() => onComplete(a)}
                          />
                        )}
                      </RowActions>
                    </Table.Td>
                  </>
                )}
              </TableRows>
            </CardTable>
          </>
        )}
      </CrmResults>
      {dialog.open && <ActivityFormModal activity={dialog.open.record} onClose={dialog.close} onSaved={dialog.saved} />}
    </>
  );
}
