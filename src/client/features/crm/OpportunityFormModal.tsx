import { SimpleGrid } from '@mantine/core';
import { type Opportunity, type OpportunityFormValues, opportunityInputSchema } from '../../../shared/crm';
import { isClosedStage, OPEN_STAGES, OPPORTUNITY_STAGE_LABELS, type OpenStage } from '../../../shared/crm-vocabulary';
import { formatMoneyInput } from '../../../shared/money';
import { formatCalendarDay } from '../../../shared/time';
import { blankNulls } from '../../lib/form-values';
import { MoneyField, NumberField, TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { type CrmRecordDialogProps, CrmRecordFormModal } from './CrmFormModal';
import { useLeads, useSaveOpportunity } from './crm-api';
import { CrmSelectField, OwnerField, optionsOf } from './crm-ui';

/** "Nova oportunidade" opens blank; "Editar" with the opportunity. Only open stages are offered (closing is Ganhar/Perder). */
export function OpportunityFormModal({ opportunity, ...dialog }: { opportunity: Opportunity | null } & CrmRecordDialogProps) {
  const save = useSaveOpportunity();
  const leads = useLeads({ limit: '500' });
  if (leads.isError) console.error('Lead picker failed to load', leads.error);
  const options = (leads.data?.items ?? []).map((l) => ({ value: l.id, label: l.company ? `${l.name} — ${l.company}` : l.name }));
  if (opportunity && !options.some((o) => o.value === opportunity.lead_id))
    options.unshift({ value: opportunity.lead_id, label: opportunity.lead_name });
  const closed = opportunity ? isClosedStage(opportunity.stage) : false;
  const defaults: OpportunityFormValues = {
    ...blankNulls(opportunity, ['lead_id', 'title', 'description', 'notes']),
    value: opportunity ? formatMoneyInput(Number(opportunity.value)) : '',
    stage: closed ? null : ((opportunity?.stage as OpenStage | undefined) ?? 'prospecting'),
    probability: opportunity?.probability ?? 0,
    expected_close_date: formatCalendarDay(opportunity?.expected_close_date),
    owner_id: opportunity?.owner_id ?? null,
  };
  return (
    <CrmRecordFormModal kind="opportunity" record={opportunity} schema={opportunityInputSchema} defaults={defaults} save={save} {...dialog}>
      <CrmSelectField
        label="Lead"
        name="lead_id"
        data={options}
        withAsterisk
        placeholder={leads.isPending ? 'Carregando…' : 'Escolha o lead'}
      />
      <TextField label="Título" name="title" withAsterisk />
      <TextareaField label="Descrição" name="description" autosize minRows={2} maxRows={5} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyField label="Valor (R$)" name="value" placeholder="0,00" />
        <NumberField label="Probabilidade (%)" name="probability" min={0} max={100} allowDecimal={false} />
        <CrmSelectField
          label="Etapa"
          name="stage"
          data={optionsOf(OPPORTUNITY_STAGE_LABELS, OPEN_STAGES)}
          placeholder={
            closed ? `${OPPORTUNITY_STAGE_LABELS[opportunity?.stage ?? 'closed_won']} (escolha uma etapa para reabrir)` : undefined
          }
          clearable={closed}
        />
        <TextField label="Previsão de fechamento" name="expected_close_date" placeholder="dd/mm/aaaa" inputMode="numeric" />
      </SimpleGrid>
      <OwnerField />
      <TextareaField label="Observações" name="notes" autosize minRows={2} maxRows={5} />
    </CrmRecordFormModal>
  );
}
