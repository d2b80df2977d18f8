import { Badge, Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../shared/time';
import { WEBHOOK_EVENT_LABELS, type WebhookDelivery, webhookDeliveryLabel } from '../../../shared/webhooks';
import { ListSkeleton, LoadErrorAlert } from '../../ui/ListStates';
import { mutationToasts } from '../../ui/notify';
import { useResendDelivery, useWebhookDeliveries } from './webhooks-api';

const STATUS_COLORS = { delivered: 'green', failed: 'red', pending: 'yellow' } as const;

/** What the receiver answered, in words: its HTTP status, or why it never answered. */
const answerOf = (delivery: WebhookDelivery) =>
  delivery.last_status_code !== null ? `HTTP ${delivery.last_status_code}` : (delivery.last_error ?? '—');

/** "Últimas entregas" of one webhook, each with its state, the receiver's answer and "Reenviar". */
export function WebhookDeliveries({
  establishmentId,
  webhookId,
  canResend,
}: {
  establishmentId: string;
  webhookId: string;
  canResend: boolean;
}) {
  const deliveries = useWebhookDeliveries(establishmentId, webhookId);
  const resend = useResendDelivery(establishmentId, webhookId);
  if (deliveries.isPending) return <ListSkeleton rows={2} />;
  if (deliveries.isError) return <LoadErrorAlert title="Não foi possível carregar as entregas" error={deliveries.error} />;
  if (deliveries.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nenhuma entrega ainda: os eventos escolhidos aparecem aqui assim que acontecerem.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="Últimas entregas" verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Evento</Table.Th>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Resposta</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Ações</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.data.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td>
                <Text size="sm">{WEBHOOK_EVENT_LABELS[delivery.event]}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {delivery.event}
                </Text>
              </Table.Td>
              <Table.Td>{formatDateTime(delivery.created_at)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[delivery.status]} variant="light">
                  {webhookDeliveryLabel(delivery)}
                </Badge>
                <Text size="xs" c="dimmed">
                  {delivery.attempts === 1 ? '1 tentativa' : `${delivery.attempts} tentativas`}
                  {delivery.next_attempt_at && delivery.attempts > 0 ? ` · próxima ${formatDateTime(delivery.next_attempt_at)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td style={{ maxWidth: 220, overflowWrap: 'anywhere' }}>{answerOf(delivery)}</Table.Td>
              <Table.Td>
                {canResend && delivery.status !== 'pending' && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={resend.isPending && resend.variables === delivery.id}
                    onClick={() =>
                      resend.mutate(delivery.id, mutationToasts('Evento enviado de novo para a fila.', 'Não foi possível reenviar.'))
                    }
                    aria-label={`Reenviar ${WEBHOOK_EVENT_LABELS[delivery.event]} de ${formatDateTime(delivery.created_at)}`}
                  >
                    Reenviar
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
