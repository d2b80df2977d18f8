import { SimpleGrid } from '@mantine/core';
import { type Lead, type LeadFormValues, leadInputSchema } from '../../../shared/crm';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '../../../shared/crm-vocabulary';
import { formatPhone, maskCnpj } from '../../../shared/field-rules';
import { blankNulls } from '../../lib/form-values';
import { NumberField, TextareaField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { type CrmRecordDialogProps, CrmRecordFormModal } from './CrmFormModal';
import { useSaveLead } from './crm-api';
import { CrmSelectField, OwnerField, optionsOf } from './crm-ui';

/** "Novo lead" opens blank; "Editar" with the lead. */
export function LeadFormModal({ lead, ...dialog }: { lead: Lead | null } & CrmRecordDialogProps) {
  const save = useSaveLead();
  const defaults: LeadFormValues = {
    ...blankNulls(lead, ['name', 'email', 'company', 'notes']),
    phone: formatPhone(lead?.phone),
    cnpj: lead?.cnpj ? maskCnpj(lead.cnpj) : '',
    status: lead?.status ?? 'new',
    source: lead?.source ?? 'website',
    lead_score: lead?.lead_score ?? 0,
    owner_id: lead?.owner_id ?? null,
  };
  return (
    <CrmRecordFormModal kind="lead" record={lead} schema={leadInputSchema} defaults={defaults} save={save} {...dialog}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField label="Nome" name="name" withAsterisk data-autofocus />
        <TextField label="E-mail" name="email" type="email" withAsterisk />
        <TextField label="Telefone" name="phone" type="tel" />
        <TextField label="Empresa" name="company" />
        <TextField label="CNPJ" name="cnpj" />
        <NumberField label="Pontuação (0-100)" name="lead_score" min={0} max={100} allowDecimal={false} />
        <CrmSelectField label="Status" name="status" data={optionsOf(LEAD_STATUS_LABELS)} />
        <CrmSelectField label="Origem" name="source" data={optionsOf(LEAD_SOURCE_LABELS)} />
      </SimpleGrid>
      <OwnerField />
      <TextareaField label="Observações" name="notes" autosize minRows={2} maxRows={6} />
    </CrmRecordFormModal>
  );
}
