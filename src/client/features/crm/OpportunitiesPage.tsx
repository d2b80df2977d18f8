import { Group, SegmentedControl, Table, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLayoutKanban, IconTable, IconTargetArrow, IconThumbDown, IconTrophy } from '@tabler/icons-react';
import type { Opportunity } from '../../../shared/crm';
import { isClosedStage, OPPORTUNITY_STAGE_LABELS } from '../../../shared/crm-vocabulary';
import { formatBRL } from '../../../shared/money';
import { formatCalendarDay } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useUrlParams } from '../../lib/use-url-params';
import { useWriteRights } from '../../lib/use-write-rights';
import { CardTable } from '../../ui/CardTable';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { NewButton } from '../../ui/NewButton';
import { PageHeader } from '../../ui/PageHeader';
import { RowActionButton, RowActions } from '../../ui/RowActionIcons';
import { TableRows } from '../../ui/TableRows';
import { CrmFilters, useUrlFilters } from './CrmFilters';
import { useCloseOpportunity, useDeleteOpportunity, useLeads, useMoveOpportunity, useOpportunities } from './crm-api';
import { CrmResults, CrmTabs, CutDescription, ErrorBanner, optionsOf, StageBadge, useErrorBanner, useFormDialog } from './crm-ui';
import { notifyMoved } from './move-notice';
import { OpportunityBoard } from './OpportunityBoard';
import { OpportunityFormModal } from './OpportunityFormModal';

const FILTER_KEYS = ['stage', 'lead_id', 'search'] as const;

/** The two ways to see the opportunities. */
const VIEWS = [
  { value: 'table', label: 'Tabela', Icon: IconTable },
  { value: 'board', label: 'Quadro', Icon: IconLayoutKanban },
];

/** /crm/opportunities — a table (filters, Ganhar/Perder, edit, delete) or a board of the open stages. */
export function OpportunitiesPage() {
  const { filters, set, clear } = useUrlFilters(FILTER_KEYS);
  const { params, update } = useUrlParams();
  const view = params.get('view') === 'board' ? 'board' : 'table';
  const opportunities = useOpportunities(view === 'board' ? { ...filters, stage: '', limit: '500' } : filters);
  const leads = useLeads({ limit: '500' });
  if (leads.isError) console.error('Lead picker failed to load', leads.error);
  const close = useCloseOpportunity();
  const move = useMoveOpportunity();
  const remove = useDeleteOpportunity();
  const banner = useErrorBanner();
  const { canCreate, canUpdate, canDelete } = useWriteRights('crm');
  const canClose = useCan('crm', 'close');
  const dialog = useFormDialog<Opportunity>();

  const setView = (view: string) =>
    update((next) => {
      if (view === 'board') next.set('view', 'board');
      else next.delete('view');
    });
  const win = (o: Opportunity) =>
    close.mutate(
      { id: o.id, body: { status: 'won', lost_reason: null } },
      banner.outcome('Oportunidade ganha com sucesso!', 'Erro ao fechar oportunidade: '),
    );
  const lose = (o: Opportunity) => {
    let reason = '';
    modals.openConfirmModal({
      title: 'Perder oportunidade',
      centered: true,
      children: (
        <Textarea
          label="Motivo da perda (opcional)"
          placeholder="Ex.: preço, escolheu outro fornecedor"
          onChange={(e) => {
            reason = e.currentTarget.value;
          }}
          data-autofocus
        />
      ),
      labels: { confirm: 'Perder', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        close.mutate(
          { id: o.id, body: { status: 'lost', lost_reason: reason.trim() || null } },
          banner.outcome('Oportunidade perdida com sucesso!', 'Erro ao fechar oportunidade: '),
        ),
    });
  };
  const onDelete = (o: Opportunity) =>
    confirmDelete({
      title: 'Excluir oportunidade',
      message: 'Tem certeza que deseja excluir esta oportunidade?',
      onConfirm: () => remove.mutate(o.id, banner.outcome('Oportunidade excluída com sucesso!', 'Erro ao excluir oportunidade: ')),
    });

  const leadOptions = (leads.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  return (
    <>
      <PageHeader
        title="Oportunidades"
        description="Negócios em andamento, do primeiro contato ao fechamento."
        actions={
          <>
            <SegmentedControl
              value={view}
              onChange={setView}
              aria-label="Visualização"
              data={VIEWS.map(({ value, label, Icon }) => ({
                value,
                label: (
                  <Group gap={4} wrap="nowrap">
                    <Icon size={16} />
                    {label}
                  </Group>
                ),
              }))}
            />
            {canCreate && <NewButton onClick={() => dialog.show(null)}>Nova oportunidade</NewButton>}
          </>
        }
      />
      <CrmTabs />
      <CrmFilters
        selects={[
          ...(view === 'table' ? [{ key: 'stage', label: 'Etapa', data: optionsOf(OPPORTUNITY_STAGE_LABELS) }] : []),
          { key: 'lead_id', label: 'Lead', data: leadOptions },
        ]}
        filters={view === 'table' ? filters : { ...filters, stage: '' }}
        set={set}
        clear={clear}
        searchLabel="Título ou descrição"
      />
      <ErrorBanner message={banner.message} onClose={banner.clear} />
      <CrmResults
        query={opportunities}
        withMoreNote={view === 'table'}
        loadError="Erro ao carregar oportunidades: "
        empty={<EmptyState icon={<IconTargetArrow size={26} />} title="Nenhuma oportunidade encontrada." />}
      >
        {(items) =>
          view === 'board' ? (
            <OpportunityBoard
              items={items}
              onMove={(o, stage) => {
                banner.clear();
                return move.mutateAsync({ id: o.id, stage }).catch((err: unknown) => {
                  banner.fail('Erro ao salvar oportunidade: ')(err);
                  throw err;
                });
              }}
              onMoved={notifyMoved}
            />
          ) : (
            <CardTable label="Oportunidades" minWidth={900} striped highlightOnHover verticalSpacing="sm">
              <TableRows
                head={
                  <>
                    <Table.Th>Título</Table.Th>
                    <Table.Th>Lead</Table.Th>
                    <Table.Th>Etapa</Table.Th>
                    <Table.Th ta="right">Valor</Table.Th>
                    <Table.Th ta="right">Probabilidade</Table.Th>
                    <Table.Th>Previsão</Table.Th>
                    <Table.Th ta="right">Ações</Table.Th>
                  </>
                }
                rows={items}
              >
                {(o) => (
                  <>
                    <Table.Td maw={280}>
                      <Text fw={600} size="sm">
                        {o.title}
                      </Text>
                      <CutDescription text={o.description} />
                      {o.stage === 'closed_lost' && o.lost_reason && (
                        <Text size="xs" c="red.9">
                          Motivo: {o.lost_reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Lead">
                      <Text size="sm">{o.lead_name}</Text>
                    </Table.Td>
                    <Table.Td data-label="Etapa">
                      <StageBadge stage={o.stage} />
                    </Table.Td>
                    <Table.Td data-label="Valor" ta="right">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatBRL(o.value)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Probabilidade" ta="right">
                      <Text size="sm">{o.probability}%</Text>
                    </Table.Td>
                    <Table.Td data-label="Previsão">
                      <Text size="sm">{o.expected_close_date ? formatCalendarDay(o.expected_close_date) : '-'}</Text>
                    </Table.Td>
                    <Table.Td data-actions>
                      <RowActions
                        label={o.title}
                        onEdit={canUpdate ? () => dialog.show(o) : undefined}
                        onDelete={canDelete ? () => onDelete(o) : undefined}
                      >
                        {canClose && !isClosedStage(o.stage) && (
                          <>
                            <RowActionButton
                              action="Ganhar"
                              label={o.title}
                              color="green"
                              icon={<IconTrophy size={14} />}
                              onClick={() => win(o)}
                            />
                            <RowActionButton
                              action="Perder"
                              label={o.title}
                              color="red"
                              icon={<IconThumbDown size={14} />}
                              onClick={() => lose(o)}
                            />
                          </>
                        )}
                      </RowActions>
                    </Table.Td>
                  </>
                )}
              </TableRows>
            </CardTable>
          )
        }
      </CrmResults>
      {dialog.open && <OpportunityFormModal opportunity={dialog.open.record} onClose={dialog.close} onSaved={dialog.saved} />}
    </>
  );
}
