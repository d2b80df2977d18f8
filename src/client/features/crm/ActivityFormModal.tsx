import { SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { type Activity, type ActivityFormValues, activityInputSchema } from '../../../shared/crm';
import { ACTIVITY_STATUS_LABELS, ACTIVITY_TYPE_LABELS } from '../../../shared/crm-vocabulary';
import { formatInstant } from '../../../shared/time';
import { blankNulls } from '../../lib/form-values';
import { TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { type CrmRecordDialogProps, CrmRecordFormModal } from './CrmFormModal';
import { useLeads, useOpportunities, useSaveActivity } from './crm-api';
import { CrmSelectField, OwnerField, optionsOf } from './crm-ui';

/** "Nova atividade" opens blank (or linked to a lead/opportunity); "Editar" with the activity. */
export function ActivityFormModal({ activity, ...dialog }: { activity: Activity | null } & CrmRecordDialogProps) {
  const save = useSaveActivity();
  const defaults: ActivityFormValues = {
    ...blankNulls(activity, ['lead_id', 'opportunity_id', 'title', 'description', 'notes']),
    type: activity?.type ?? 'call',
    status: activity?.status ?? 'pending',
    scheduled_at: formatInstant(activity?.scheduled_at),
    owner_id: activity?.owner_id ?? null,
  };
  return (
    <CrmRecordFormModal kind="activity" record={activity} schema={activityInputSchema} defaults={defaults} save={save} {...dialog}>
      <TextField label="Título" name="title" withAsterisk />
      <TextareaField label="Descrição" name="description" autosize minRows={2} maxRows={5} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CrmSelectField label="Tipo" name="type" data={optionsOf(ACTIVITY_TYPE_LABELS)} />
        <CrmSelectField label="Status" name="status" data={optionsOf(ACTIVITY_STATUS_LABELS)} />
        <TextField label="Agendada para" name="scheduled_at" placeholder="dd/mm/aaaa hh:mm" description="Horário de Brasília" />
        <OwnerField />
      </SimpleGrid>
      <LinkFields activity={activity} />
      <TextareaField label="Observações" name="notes" autosize minRows={2} maxRows={5} />
    </CrmRecordFormModal>
  );
}

/** Lead and opportunity pickers: choosing a lead narrows the opportunities to its own. */
function LinkFields({ activity }: { activity: Activity | null }) {
  const { watch } = useFormContext<ActivityFormValues>();
  const leadId = watch('lead_id') ?? '';
  const leads = useLeads({ limit: '500' });
  const opportunities = useOpportunities({ limit: '500', lead_id: leadId });
  if (leads.isError) console.error('Lead picker failed to load', leads.error);
  if (opportunities.isError) console.error('Opportunity picker failed to load', opportunities.error);
  const leadOptions = (leads.data?.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  if (activity?.lead_id && !leadOptions.some((o) => o.value === activity.lead_id)) {
    leadOptions.unshift({ value: activity.lead_id, label: activity.lead_name ?? 'Lead não encontrado' });
  }
  const opportunityOptions = (opportunities.data?.items ?? []).map((o) => ({ value: o.id, label: o.title }));
  if (activity?.opportunity_id && activity.opportunity_title && !opportunityOptions.some((o) => o.value === activity.opportunity_id)) {
    opportunityOptions.unshift({ value: activity.opportunity_id, label: activity.opportunity_title });
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <CrmSelectField label="Lead" name="lead_id" data={leadOptions} clearable placeholder="Nenhum" />
      <CrmSelectField label="Oportunidade" name="opportunity_id" data={opportunityOptions} clearable placeholder="Nenhuma" />
    </SimpleGrid>
  );
}
