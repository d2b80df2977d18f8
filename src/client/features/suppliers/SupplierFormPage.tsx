import { Grid, SimpleGrid, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { formatPhone, normalizeWebsite } from '../../../shared/field-rules';
import { type Supplier, type SupplierFormValues, supplierInputSchema } from '../../../shared/suppliers';
import { blankNulls } from '../../lib/form-values';
import { useCan } from '../../lib/use-can';
import { useServerForm } from '../../lib/use-server-form';
import { FormPage } from '../../ui/FormPage';
import { FormRecordGate } from '../../ui/FormRecordGate';
import { FormSection } from '../../ui/FormSection';
import { MoneyField, NormalizedTextField, TextareaField } from '../../ui/form-fields';
import { notifySuccess } from '../../ui/notify';
import { PhoneField } from '../../ui/PhoneField';
import { TextField } from '../../ui/text-fields';
import { useSaveSupplier, useSupplier } from './suppliers-api';

const EMPTY: SupplierFormValues = {
  name: '',
  company_name: '',
  contact_person: '',
  email: '',
  phone: '',
  address: '',
  website: '',
  commission_rate: '',
  contract_start_date: '',
  contract_end_date: '',
  notes: '',
};

function toForm(s: Supplier): SupplierFormValues {
  return {
    ...blankNulls(s, ['contact_person', 'address', 'website', 'contract_start_date', 'contract_end_date', 'notes']),
    name: s.name,
    company_name: s.company_name,
    email: s.email,
    // Stored as E.164, edited masked: "(54) 3453-1200".
    phone: formatPhone(s.phone),
    commission_rate: s.commission_rate,
  };
}

const SUPPLIERS = { to: '/fornecedores', label: 'Fornecedores' };

/** /fornecedores/novo and /fornecedores/:id/editar. */
export function SupplierFormPage() {
  const { id } = useParams();
  const query = useSupplier(id);
  const failure = { title: 'Editar fornecedor', back: SUPPLIERS, failTitle: 'Não foi possível abrir o fornecedor' };
  return (
    <FormRecordGate id={id} query={query} failure={failure}>
      {(supplier) => <SupplierForm key={id ?? 'novo'} supplier={supplier} />}
    </FormRecordGate>
  );
}

function SupplierForm({ supplier }: { supplier: Supplier | null }) {
  const navigate = useNavigate();
  const save = useSaveSupplier();
  // Commission and contract dates are the marketplace's terms: a supplier user sees them but cannot change them.
  const canSetTerms = useCan('suppliers', 'setTerms');
  const serverForm = useServerForm({
    schema: supplierInputSchema,
    defaults: supplier ? toForm(supplier) : EMPTY,
    failMessage: 'Não foi possível salvar o fornecedor. Confira os campos.',
    submit: async (values) => {
      const saved = await save.mutateAsync({ id: supplier?.id, values });
      notifySuccess(supplier ? 'Fornecedor atualizado.' : `Fornecedor “${saved.name}” cadastrado.`);
      navigate('/fornecedores');
    },
  });

  return (
    <FormPage
      serverForm={serverForm}
      title={supplier ? 'Editar fornecedor' : 'Novo fornecedor'}
      description={supplier ? supplier.company_name : 'Os restaurantes escolhem este fornecedor ao fazer pedidos.'}
      back={SUPPLIERS}
      maw={880}
      submitLabel={supplier ? 'Salvar alterações' : 'Cadastrar fornecedor'}
      cancelTo="/fornecedores"
    >
      <FormSection title="Empresa e contato">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField label="Nome" description="Como o fornecedor é conhecido." withAsterisk name="name" />
          <TextField label="Razão social" withAsterisk name="company_name" />
          <TextField label="E-mail" type="email" withAsterisk name="email" />
          <PhoneField label="Telefone" withAsterisk placeholder="(54) 3453-1200" name="phone" />
          <TextField label="Pessoa de contato" name="contact_person" />
          <NormalizedTextField label="Site" placeholder="vinicola.com.br" name="website" normalize={normalizeWebsite} />
        </SimpleGrid>
        <TextField label="Endereço" name="address" />
      </FormSection>
      <FormSection title="Comissão e contrato">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MoneyField
              label="Comissão (%)"
              description="Sobre o total de cada pedido."
              name="commission_rate"
              placeholder="0,00"
              rightSection={
                <Text size="sm" c="dimmed">
                  %
                </Text>
              }
              disabled={!canSetTerms}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextField label="Início do contrato" type="date" name="contract_start_date" disabled={!canSetTerms} />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 4 }}>
            <TextField label="Fim do contrato" type="date" name="contract_end_date" disabled={!canSetTerms} />
          </Grid.Col>
        </Grid>
        {!canSetTerms && (
          <Text size="sm" c="dimmed">
            A comissão e as datas do contrato são definidas pela administração do Adega.
          </Text>
        )}
        <TextareaField label="Observações" autosize minRows={2} maxRows={6} name="notes" />
      </FormSection>
    </FormPage>
  );
}
