import { Text } from '@mantine/core';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  webhookEndpointInputSchema,
} from '../../../shared/webhooks';
import { useServerForm } from '../../lib/use-server-form';
import { FormModal } from '../../ui/FormModal';
import { CheckboxGroupField } from '../../ui/form-fields';
import { TextField } from '../../ui/text-fields';
import { useCreateWebhook, useUpdateWebhook } from './webhooks-api';

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_LABELS[event], description: event }));

/** "Novo webhook" / "Editar webhook": the address that receives the events, and which events. */
export function WebhookFormModal({
  establishmentId,
  editing,
  onCreated,
  onClose,
}: {
  establishmentId: string;
  /** The webhook to edit; a new one when left out. */
  editing?: WebhookEndpoint;
  onCreated(created: WebhookEndpointWithSecret): void;
  onClose(): void;
}) {
  const create = useCreateWebhook(establishmentId);
  const update = useUpdateWebhook(establishmentId, editing?.id ?? '');
  const serverForm = useServerForm({
    schema: webhookEndpointInputSchema,
    defaults: { url: editing?.url ?? '', events: editing?.events ?? [] },
    failMessage: 'Não foi possível salvar o webhook. Tente novamente em instantes.',
    submit: async (values) => {
      if (editing) {
        await update.mutateAsync(values);
        onClose();
      } else onCreated(await create.mutateAsync(values));
    },
  });
  return (
    <FormModal
      serverForm={serverForm}
      onClose={onClose}
      title={editing ? 'Editar webhook' : 'Novo webhook'}
      submitLabel={editing ? 'Salvar' : 'Cadastrar webhook'}
      size="lg"
    >
      <TextField
        name="url"
        label="Endereço (URL)"
        description="Onde o seu sistema recebe os eventos, ex.: https://pdv.exemplo.com.br/adega"
        required
        inputMode="url"
        maxLength={2000}
      />
      <CheckboxGroupField
        name="events"
        label="Eventos"
        description="O Adega avisa este endereço destes eventos."
        options={EVENT_OPTIONS}
        required
      />
      <Text size="xs" c="dimmed">
        Cada evento é enviado por POST em JSON, assinado no cabeçalho X-Adega-Signature. Endereços da rede interna não são aceitos.
      </Text>
    </FormModal>
  );
}
