import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/time';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../shared/webhooks';
import { errorMessage } from '../../lib/api';
import { confirmDelete } from '../../ui/confirm';
import { ListSkeleton, LoadErrorAlert } from '../../ui/ListStates';
import { mutationToasts, notifyError } from '../../ui/notify';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookFormModal } from './WebhookFormModal';
import { WebhookSecretModal } from './WebhookSecretModal';
import { useDeleteWebhook, useResumeWebhook, useRotateWebhookSecret, useWebhooks } from './webhooks-api';

type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret }
  | null;

/** "Webhooks": the addresses the establishment's other systems are told of its events at, with their last deliveries. */
export function WebhooksSection({ establishmentId, canManage }: { establishmentId: string; canManage: boolean }) {
  const webhooks = useWebhooks(establishmentId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const showSecret = (endpoint: WebhookEndpointWithSecret) => setDialog({ kind: 'secret', endpoint });

  return (
    <Paper withBorder p="md" radius="md" mt="xl" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <div style={{ flex: '1 1 260px' }}>
          <Title order={2} size="h4" id="webhooks-title">
            Webhooks
          </Title>
          <Text size="sm" c="dimmed">
            O Adega avisa o seu sistema quando um pedido muda, um vinho da adega chega ao mínimo ou esgota, ou uma carta é publicada.
          </Text>
        </div>
        {canManage && (
          <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'new' })}>
            Novo webhook
          </Button>
        )}
      </Group>
      {webhooks.isPending ? (
        <ListSkeleton rows={2} />
      ) : webhooks.isError ? (
        <LoadErrorAlert title="Não foi possível carregar os webhooks" error={webhooks.error} />
      ) : webhooks.data.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconWebhook size={18} aria-hidden />
          <Text size="sm">Nenhum webhook cadastrado.</Text>
        </Group>
      ) : (
        <Stack component="ul" aria-label="Webhooks" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {webhooks.data.map((endpoint) => (
            <WebhookItem
              key={endpoint.id}
              endpoint={endpoint}
              establishmentId={establishmentId}
              canManage={canManage}
              onEdit={() => setDialog({ kind: 'edit', endpoint })}
              onNewSecret={showSecret}
            />
          ))}
        </Stack>
      )}
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <WebhookFormModal
          establishmentId={establishmentId}
          {...(dialog.kind === 'edit' && { editing: dialog.endpoint })}
          onCreated={showSecret}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'secret' && <WebhookSecretModal endpoint={dialog.endpoint} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function WebhookItem({
  endpoint,
  establishmentId,
  canManage,
  onEdit,
  onNewSecret,
}: {
  endpoint: WebhookEndpoint;
  establishmentId: string;
  canManage: boolean;
  onEdit(): void;
  onNewSecret(endpoint: WebhookEndpointWithSecret): void;
}) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const remove = useDeleteWebhook(establishmentId);
  const rotate = useRotateWebhookSecret(establishmentId);
  const resume = useResumeWebhook(establishmentId);
  const askDelete = () =>
    confirmDelete({
      title: 'Excluir webhook',
      message: 'O endereço deixa de receber eventos, e as entregas que esperavam são descartadas.',
      name: endpoint.url,
      confirmLabel: 'Excluir',
      onConfirm: () => remove.mutate(endpoint.id, mutationToasts('Webhook excluído.', 'Não foi possível excluir o webhook.')),
    });
  const askNewSecret = () =>
    confirmDelete({
      title: 'Gerar novo segredo',
      message: 'O segredo atual deixa de assinar as entregas na hora: atualize-o no sistema que recebe os eventos.',
      name: endpoint.url,
      confirmLabel: 'Gerar novo segredo',
      onConfirm: () =>
        rotate.mutate(endpoint.id, {
          onSuccess: onNewSecret,
          onError: (err) => notifyError(errorMessage(err, 'Não foi possível gerar um novo segredo.')),
        }),
    });
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={endpoint.url}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 260px' }}>
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {endpoint.url}
              </Text>
              <Badge color={endpoint.paused_at ? 'red' : 'green'} variant="light" style={{ flexShrink: 0 }}>
                {endpoint.paused_at ? 'Pausado' : 'Ativo'}
              </Badge>
            </Group>
            <Group gap={6}>
              {endpoint.events.map((event) => (
                <Badge key={event} variant="outline" color="gray" tt="none" title={event}>
                  {WEBHOOK_EVENT_LABELS[event]}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              Cadastrado por {endpoint.created_by ?? 'usuário removido'} em {formatDate(endpoint.created_at)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries}>
              {showDeliveries ? 'Ocultar entregas' : 'Entregas'}
            </Button>
            {canManage && (
              <>
                <Button variant="default" size="xs" onClick={onEdit} aria-label={`Editar ${endpoint.url}`}>
                  Editar
                </Button>
                <Button variant="default" size="xs" onClick={askNewSecret} loading={rotate.isPending}>
                  Novo segredo
                </Button>
                <Button variant="default" size="xs" color="red" onClick={askDelete} aria-label={`Excluir ${endpoint.url}`}>
                  Excluir
                </Button>
              </>
            )}
          </Group>
        </Group>
        {endpoint.paused_at && (
          <Alert color="red" title={`Pausado em ${formatDateTime(endpoint.paused_at)}`}>
            <Text size="sm">{endpoint.paused_reason} Os eventos ficam guardados até o webhook ser retomado.</Text>
            {canManage && (
              <Button
                mt="xs"
                size="xs"
                onClick={() =>
                  resume.mutate(
                    endpoint.id,
                    mutationToasts('Webhook retomado: os eventos guardados vão ser enviados.', 'Não foi possível retomar.'),
                  )
                }
                loading={resume.isPending}
              >
                Retomar
              </Button>
            )}
          </Alert>
        )}
        {showDeliveries && <WebhookDeliveries establishmentId={establishmentId} webhookId={endpoint.id} canResend={canManage} />}
      </Stack>
    </Paper>
  );
}
