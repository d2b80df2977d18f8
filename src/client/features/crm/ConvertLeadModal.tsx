import { SimpleGrid, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type Lead, type LeadConvertValues, leadConvertTermsSchema } from '../../../shared/crm';
import { MoneyField, NumberField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { CrmFormModal } from './CrmFormModal';
import { useConvertLead } from './crm-api';

/** How far ahead the expected close date is proposed. */
const CLOSE_IN_DAYS = 30;

/**
 * Converter asks what the opportunity is worth before opening it: value, probability (the lead's score as a first
 * guess) and expected close date (a month from today), all editable.
 */
export function ConvertLeadModal({ lead, onClose, onSaved }: { lead: Lead; onClose(): void; onSaved(message: string): void }) {
  const convert = useConvertLead();
  const defaults: LeadConvertValues = {
    value: '',
    probability: lead.lead_score,
    expected_close_date: dayjs().add(CLOSE_IN_DAYS, 'day').format('DD/MM/YYYY'),
  };
  return (
    <CrmFormModal
      title="Converter lead"
      schema={leadConvertTermsSchema}
      defaults={defaults}
      failPrefix="Erro ao converter lead: "
      submitLabel="Converter"
      onClose={onClose}
      submit={async (terms) => {
        await convert.mutateAsync({ id: lead.id, terms });
        onSaved('Lead convertido em oportunidade com sucesso!');
      }}
    >
      <Text size="sm">
        Uma oportunidade será aberta para <strong>{lead.company ?? lead.name}</strong>, na etapa Prospecção.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <MoneyField label="Valor (R$)" name="value" placeholder="0,00" data-autofocus />
        <NumberField label="Probabilidade (%)" name="probability" min={0} max={100} allowDecimal={false} />
        <TextField label="Previsão de fechamento" name="expected_close_date" placeholder="dd/mm/aaaa" inputMode="numeric" />
      </SimpleGrid>
    </CrmFormModal>
  );
}
