import { Text } from '@mantine/core';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, type ApiKeyCreated, apiKeyCreateSchema } from '../../../shared/api-keys';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { CheckboxGroupField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { useCreateApiKey } from './api-keys-api';

const SCOPE_OPTIONS = API_KEY_SCOPES.map((scope) => ({ value: scope, label: API_KEY_SCOPE_LABELS[scope], description: scope }));

/** "Nova chave de API": a name, what the key may do and, if wanted, its last day. */
export function ApiKeyFormModal({
  establishmentId,
  onCreated,
  onClose,
}: {
  establishmentId: string;
  onCreated(created: ApiKeyCreated): void;
  onClose(): void;
}) {
  const create = useCreateApiKey(establishmentId);
  const serverForm = useServerForm({
    schema: apiKeyCreateSchema,
    defaults: { name: '', scopes: [], expires_on: '' },
    failMessage: 'Não foi possível criar a chave. Tente novamente em instantes.',
    guardLeave: false,
    submit: async (values) => onCreated(await create.mutateAsync(values)),
  });
  return (
    <FormModal serverForm={serverForm} onClose={onClose} title="Nova chave de API" submitLabel="Criar chave" size="lg">
      <TextField name="name" label="Nome" description="Para saber quem usa a chave, ex.: PDV do salão" required maxLength={80} />
      <CheckboxGroupField name="scopes" label="Permissões" description="Dê só o que o sistema precisa." options={SCOPE_OPTIONS} required />
      <TextField
        name="expires_on"
        type="date"
        label="Válida até (opcional)"
        description="Depois deste dia a chave para de funcionar. Em branco: até ser revogada."
      />
      <Text size="xs" c="dimmed">
        A chave age só por este estabelecimento e aparece uma única vez, logo depois de criada.
      </Text>
    </FormModal>
  );
}
