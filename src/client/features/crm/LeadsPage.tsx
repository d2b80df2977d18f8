import { ActionIcon, Badge, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconTransform, IconUsers } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import type { Lead } from '../../../shared/crm';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../../shared/crm-vocabulary';
import { formatPhone } from '../../../shared/field-rules';
import { countOf } from '../../../shared/plural';
import { formatDate } from '../../../shared/time';
import { useCan } from '../../lib/use-can';
import { useWriteRights } from '../../lib/use-write-rights';
import { CardTable } from '../../ui/CardTable';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { NewButton } from '../../ui/NewButton';
import { PageHeader } from '../../ui/PageHeader';
import { RowActionButton, RowActions } from '../../ui/RowActionIcons';
import { ConvertLeadModal } from './ConvertLeadModal';
import { CrmFilters, useUrlFilters } from './CrmFilters';
import { useDeleteLead, useLeads } from './crm-api';
import { CrmResults, CrmTabs, ErrorBanner, LeadStatusBadge, optionsOf, useErrorBanner, useFormDialog } from './crm-ui';
import { LeadFormModal } from './LeadFormModal';
import { LeadRelated } from './LeadRelated';

const FILTER_KEYS = ['status', 'source', 'search'] as const;

/** /crm/leads — filters, table, create/edit, Converter (qualified only), delete. */
export function LeadsPage() {
  const { filters, set, clear } = useUrlFilters(FILTER_KEYS);
  const leads = useLeads(filters);
  const remove = useDeleteLead();
  const banner = useErrorBanner();
  const { canCreate, canUpdate, canDelete } = useWriteRights('crm');
  const canConvert = useCan('crm', 'convert');
  const dialog = useFormDialog<Lead>();
  const [open, setOpen] = useState<string | null>(null);

  const converting = useFormDialog<Lead>();
  const onDelete = (lead: Lead) => {
    const related = lead.opportunities_count + lead.activities_count > 0;
    confirmDelete({
      title: 'Excluir lead',
      message: related ? (
        <Stack gap="xs">
          <Text size="sm">Tem certeza que deseja excluir este lead?</Text>
          <Text size="sm" fw={600} c="red.9">
            {`Ele tem ${countOf(lead.opportunities_count, 'oportunidade', 'oportunidades')} e ${countOf(lead.activities_count, 'atividade', 'atividades')}, que também serão excluídas.`}
          </Text>
        </Stack>
      ) : (
        'Tem certeza que deseja excluir este lead?'
      ),
      confirmLabel: related ? 'Excluir tudo' : 'Excluir',
      onConfirm: () =>
        remove.mutate({ id: lead.id, cascade: related }, banner.outcome('Lead excluído com sucesso!', 'Erro ao excluir lead: ')),
    });
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description="Restaurantes e bares interessados na Adega, do primeiro contato à conversão."
        actions={canCreate && <NewButton onClick={() => dialog.show(null)}>Novo lead</NewButton>}
      />
      <CrmTabs />
      <CrmFilters
        selects={[
          { key: 'status', label: 'Status', data: optionsOf(LEAD_STATUS_LABELS) },
          { key: 'source', label: 'Origem', data: optionsOf(LEAD_SOURCE_LABELS) },
        ]}
        filters={filters}
        set={set}
        clear={clear}
        searchLabel="Nome, e-mail ou empresa"
      />
      <ErrorBanner message={banner.message} onClose={banner.clear} />
      <CrmResults
        query={leads}
        loadError="Erro ao carregar leads: "
        empty={<EmptyState icon={<IconUsers size={26} />} title="Nenhum lead encontrado." />}
      >
        {(items) => (
          <>
            <CardTable label="Leads" minWidth={860} striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36} />
                  <Table.Th>Lead</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Origem</Table.Th>
                  <Table.Th ta="right">Pontuação</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th ta="right">Ações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((lead) => {
                  const expanded = open === lead.id;
                  return (
                    <Fragment key={lead.id}>
                      <Table.Tr>
                        <Table.Td data-label="Oportunidades e atividades">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-expanded={expanded}
                            aria-label={`${expanded ? 'Ocultar' : 'Ver'} oportunidades e atividades de ${lead.name}`}
                            onClick={() => setOpen(expanded ? null : lead.id)}
                          >
                            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {lead.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[lead.email, formatPhone(lead.phone)].filter(Boolean).join(' · ')}
                          </Text>
                          {lead.company && <Text size="xs">{lead.company}</Text>}
                        </Table.Td>
                        <Table.Td data-label="Status">
                          <LeadStatusBadge status={lead.status} />
                        </Table.Td>
                        <Table.Td data-label="Origem">
                          <Text size="sm">{LEAD_SOURCE_LABELS[lead.source]}</Text>
                        </Table.Td>
                        <Table.Td data-label="Pontuação" ta="right">
                          <Badge variant="outline" color="gray" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
                            {lead.lead_score}
                          </Badge>
                        </Table.Td>
                        <Table.Td data-label="Criado em">
                          <Text size="sm">{formatDate(lead.created_at)}</Text>
                        </Table.Td>
                        <Table.Td data-actions>
                          <RowActions
                            label={lead.name}
                            onEdit={canUpdate ? () => dialog.show(lead) : undefined}
                            onDelete={canDelete ? () => onDelete(lead) : undefined}
                          >
                            {canConvert && lead.status === 'qualified' && (
                              <RowActionButton
                                action="Converter"
                                label={lead.name}
                                tooltip="Converter em oportunidade"
                                icon={<IconTransform size={14} />}
                                onClick={() => converting.show(lead)}
                              />
                            )}
                          </RowActions>
                        </Table.Td>
                      </Table.Tr>
                      {expanded && (
                        <Table.Tr>
                          <Table.Td colSpan={7} bg="var(--mantine-color-gray-0)">
                            <LeadRelated lead={lead} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </CardTable>
          </>
        )}
      </CrmResults>
      {dialog.open && <LeadFormModal lead={dialog.open.record} onClose={dialog.close} onSaved={dialog.saved} />}
      {converting.open?.record && <ConvertLeadModal lead={converting.open.record} onClose={converting.close} onSaved={converting.saved} />}
    </>
  );
}
