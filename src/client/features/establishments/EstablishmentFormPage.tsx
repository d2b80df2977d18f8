import { Alert, Button, Grid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { type Establishment, type EstablishmentInput, establishmentInputSchema } from '../../../shared/establishments';
import { formatPhone, normalizeWebsite } from '../../../shared/field-rules';
import { errorMessage } from '../../lib/api';
import { blankNulls } from '../../lib/form-values';
import { useCan } from '../../lib/use-can';
import { useServerForm } from '../../lib/use-server-form';
import { confirmDelete } from '../../ui/confirm';
import { FormPage } from '../../ui/FormPage';
import { FormRecordGate } from '../../ui/FormRecordGate';
import { FormSection } from '../../ui/FormSection';
import { NormalizedTextField, TextareaField } from '../../ui/form-fields';
import { ImageFormField } from '../../ui/ImageFormField';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PhoneField } from '../../ui/PhoneField';
import { TextField } from '../../ui/text-fields';
import { useDeleteEstablishment, useEstablishment, useSaveEstablishment } from './establishments-api';

const EMPTY: EstablishmentInput = { name: '', description: '', sommelier: '', address: '', phone: '', website: '', email: '', logo: null };

function toForm(e: Establishment): EstablishmentInput {
  return {
    ...blankNulls(e, ['description', 'sommelier', 'address', 'website', 'email']),
    name: e.name,
    // Stored as E.164, edited masked: "(48) 99999-1234".
    phone: formatPhone(e.phone),
    logo: e.logo,
  };
}

const HOME = { to: '/', label: 'Início' };

/** /estabelecimento/novo and /estabelecimento/:id/editar. */
export function EstablishmentFormPage() {
  const { id } = useParams();
  const query = useEstablishment(id);
  const failure = { title: 'Editar estabelecimento', back: HOME, failTitle: 'Não foi possível abrir o estabelecimento' };
  return (
    <FormRecordGate id={id} query={query} failure={failure}>
      {(establishment) => <EstablishmentForm key={id ?? 'novo'} establishment={establishment} />}
    </FormRecordGate>
  );
}

function EstablishmentForm({ establishment }: { establishment: Establishment | null }) {
  const navigate = useNavigate();
  const save = useSaveEstablishment();
  const remove = useDeleteEstablishment();
  const isEdit = Boolean(establishment);
  // The shared access policy: admins and managers write establishments; a sommelier only reads them.
  const canDelete = useCan('establishments', 'delete');
  const canWrite = useCan('establishments', isEdit ? 'update' : 'create');
  const serverForm = useServerForm({
    schema: establishmentInputSchema,
    defaults: establishment ? toForm(establishment) : EMPTY,
    failMessage: 'Não foi possível salvar o estabelecimento. Confira os campos.',
    submit: async (values) => {
      const saved = await save.mutateAsync({ id: establishment?.id, values: { ...values, slug: undefined } });
      notifySuccess(isEdit ? 'Estabelecimento atualizado.' : `Estabelecimento “${saved.name}” criado.`);
      navigate('/');
    },
  });

  const onDelete = () => {
    if (!establishment) return;
    confirmDelete({
      title: 'Excluir estabelecimento',
      message: (
        <Text size="sm">
          Excluir <b>{establishment.name}</b> e todas as suas cartas ({establishment.menu_count})? Os endereços públicos e QR codes deixam
          de funcionar. Esta ação não pode ser desfeita.
        </Text>
      ),
      confirmLabel: 'Excluir estabelecimento',
      onConfirm: () =>
        remove.mutate(establishment.id, {
          onSuccess: () => {
            notifySuccess('Estabelecimento excluído.');
            navigate('/');
          },
          onError: (err) => {
            console.error(err);
            notifyError(errorMessage(err, 'Não foi possível excluir o estabelecimento.'));
          },
        }),
    });
  };

  return (
    <FormPage
      serverForm={serverForm}
      title={isEdit ? 'Editar estabelecimento' : 'Novo estabelecimento'}
      description={isEdit ? establishment?.name : 'Os dados aparecem no topo da carta pública.'}
      back={HOME}
      maw={880}
      submitLabel={isEdit ? 'Salvar alterações' : 'Criar estabelecimento'}
      cancelTo="/"
      readOnly={!canWrite}
      aside={
        isEdit &&
        canDelete && (
          <Button color="red" variant="subtle" leftSection={<IconTrash size={16} />} onClick={onDelete} loading={remove.isPending}>
            Excluir estabelecimento
          </Button>
        )
      }
    >
      {!canWrite && (
        <Alert color="yellow" variant="light">
          Seu perfil pode consultar os dados do estabelecimento, mas não alterá-los.
        </Alert>
      )}
      <FormSection title="Identificação">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextField label="Nome" withAsterisk placeholder="Ex.: Pedra da Ilha" name="name" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextField label="Sommelier" placeholder="Quem assina a carta" name="sommelier" />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextareaField
              label="Descrição"
              autosize
              minRows={3}
              maxRows={8}
              placeholder="Uma frase sobre a casa, a cozinha e o ambiente."
              name="description"
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <ImageFormField name="logo" label="Logo" description="Aparece no topo da carta pública." previewAlt="Logo do estabelecimento" />
          </Grid.Col>
        </Grid>
      </FormSection>

      <FormSection title="Contato">
        <Grid gap="md">
          <Grid.Col span={12}>
            <TextField label="Endereço" placeholder="Rua, número, bairro, cidade" name="address" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <PhoneField name="phone" label="Telefone" placeholder="(48) 3333-4444" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextField label="E-mail" type="email" placeholder="contato@restaurante.com.br" name="email" />
          </Grid.Col>
          <Grid.Col span={12}>
            <NormalizedTextField name="website" label="Site" placeholder="seurestaurante.com.br" normalize={normalizeWebsite} />
          </Grid.Col>
        </Grid>
      </FormSection>
    </FormPage>
  );
}
