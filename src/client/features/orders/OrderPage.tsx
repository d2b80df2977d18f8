import { Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCircleDot, IconPackage, IconTruck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatIsoDate, formatPercent } from '../../../shared/field-rules';
import { formatBRL } from '../../../shared/money';
import {
  ORDER_MOVE_LABELS,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderMove,
  type OrderStatus,
  orderMovesFor,
} from '../../../shared/orders';
import { formatDate, formatDateTime } from '../../../shared/time';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session';
import { principalOf } from '../../lib/use-can';
import { AuditHistory } from '../../ui/AuditHistory';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { RecordPage } from '../../ui/RecordPage';
import { TableRows } from '../../ui/TableRows';
import { DeliveryIntoCellar } from './DeliveryIntoCellar';
import { OrderStatusBadge, SupplierName } from './order-format';
import { useMoveOrder, useOrder } from './orders-api';

const STATUS_ICONS: Record<OrderStatus, ReactNode> = {
  pending: <IconCircleDot size={14} />,
  confirmed: <IconCheck size={14} />,
  shipped: <IconTruck size={14} />,
  delivered: <IconPackage size={14} />,
  cancelled: <IconX size={14} />,
};

const MOVE_DONE: Record<OrderMove, string> = {
  confirmed: 'Pedido confirmado.',
  shipped: 'Pedido marcado como enviado.',
  delivered: 'Pedido marcado como entregue.',
  cancelled: 'Pedido cancelado.',
};

const FAILURE = { title: 'Pedido', back: { to: '/pedidos', label: 'Pedidos' }, failTitle: 'Não foi possível abrir o pedido' };

/** /pedidos/:id — items, totals, status timeline and the steps the caller may take. */
export function OrderPage() {
  const { id } = useParams();
  return (
    <RecordPage query={useOrder(id)} failure={FAILURE}>
      {(order) => <OrderView order={order} />}
    </RecordPage>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { user } = useSession();
  const move = useMoveOrder(order.id);
  const moves = user ? orderMovesFor(principalOf(user), order) : [];

  const run = (to: OrderMove) =>
    move.mutate(to, {
      onSuccess: () => notifySuccess(MOVE_DONE[to]),
      onError: (err) => {
        console.error(err);
        notifyError(errorMessage(err, 'Não foi possível mudar o status do pedido.'));
      },
    });
  const onMove = (to: OrderMove) => {
    if (to === 'cancelled')
      return modals.openConfirmModal({
        title: 'Cancelar pedido',
        centered: true,
        children: <Text size="sm">Cancelar o pedido #{order.number}? O fornecedor e o estabelecimento verão o pedido como cancelado.</Text>,
        labels: { confirm: 'Cancelar pedido', cancel: 'Voltar' },
        confirmProps: { color: 'red' },
        onConfirm: () => run(to),
      });
    // The bottles enter the cellar with this step, and it cannot be undone: say which first.
    if (to === 'delivered')
      return modals.openConfirmModal({
        title: 'Marcar como entregue',
        centered: true,
        children: <DeliveryIntoCellar order={order} />,
        labels: { confirm: 'Marcar como entregue', cancel: 'Cancelar' },
        onConfirm: () => run(to),
      });
    run(to);
  };

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span>Pedido #{order.number}</span>
            <OrderStatusBadge status={order.status} size="lg" />
          </Group>
        }
        documentTitle={`Pedido #${order.number}`}
        description={`${order.establishment_name} → ${order.supplier_company_name}`}
        back={{ to: '/pedidos', label: 'Pedidos' }}
        actions={moves.map((to) => (
          <Button
            key={to}
            color={to === 'cancelled' ? 'red' : undefined}
            variant={to === 'cancelled' ? 'light' : 'filled'}
            loading={move.isPending && move.variables === to}
            disabled={move.isPending}
            onClick={() => onMove(to)}
          >
            {ORDER_MOVE_LABELS[to]}
          </Button>
        ))}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder shadow="xs" p="md">
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
                <Fact label="Data do pedido">{formatDateTime(order.order_date)}</Fact>
                <Fact label="Estabelecimento">{order.establishment_name}</Fact>
                <Fact label="Fornecedor">
                  <SupplierName company={order.supplier_company_name} contact={order.supplier_name} />
                </Fact>
                <Fact label="Entrega">{order.delivery_date ? formatIsoDate(order.delivery_date) : '—'}</Fact>
              </SimpleGrid>
              {order.notes && (
                <Text size="sm" mt="md" style={{ whiteSpace: 'pre-line' }}>
                  <b>Observações:</b> {order.notes}
                </Text>
              )}
            </Paper>
            <Paper withBorder shadow="xs">
              <Table verticalSpacing="sm" horizontalSpacing="xs">
                <TableRows
                  head={
                    <>
                      <Table.Th>Vinho</Table.Th>
                      <Table.Th ta="right">Qtd.</Table.Th>
                      <Table.Th ta="right" visibleFrom="xs">
                        Preço unit.
                      </Table.Th>
                      <Table.Th ta="right">Subtotal</Table.Th>
                    </>
                  }
                  rows={order.items}
                >
                  {(item) => (
                    <>
                      <Table.Td>
                        {item.wine_name}
                        {/* On a phone the unit price goes under the name: four columns do not fit 390 px. */}
                        <Text size="xs" c="dimmed" hiddenFrom="xs">
                          {formatBRL(item.unit_price)} cada
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{item.quantity}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="xs">
                        {formatBRL(item.unit_price)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatBRL(item.line_total)}
                      </Table.Td>
                    </>
                  )}
                </TableRows>
                <Table.Tfoot>
                  <Table.Tr>
                    <TotalLabel>Total</TotalLabel>
                    <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
                      {formatBRL(order.total_amount)}
                    </Table.Th>
                  </Table.Tr>
                  <Table.Tr>
                    <TotalLabel dimmed>Comissão Adega ({formatPercent(Number(order.commission_rate))})</TotalLabel>
                    <Table.Td ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatBRL(order.commission_amount)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Paper>
            <AuditHistory kind="order" id={order.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder shadow="xs" p="md">
            <Title order={2} fz="lg" mb="md">
              Histórico
            </Title>
            <Timeline active={order.history.length - 1} bulletSize={24} lineWidth={2}>
              {order.history.map((h) => (
                <Timeline.Item
                  key={`${h.status}-${h.changed_at}`}
                  bullet={STATUS_ICONS[h.status]}
                  color={h.status === 'cancelled' ? 'gray' : undefined}
                  title={ORDER_STATUS_LABELS[h.status]}
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(h.changed_at)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {h.changed_by_email ?? 'usuário removido'}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            <Text size="xs" c="dimmed" mt="md">
              Pedido feito em {formatDate(order.order_date)}.
            </Text>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** A footer label spanning the columns before the amount: three of them, two on a phone (no unit price column). */
function TotalLabel({ children, dimmed = false }: { children: ReactNode; dimmed?: boolean }) {
  const Cell = dimmed ? Table.Td : Table.Th;
  return (
    <>
      <Cell colSpan={3} ta="right" c={dimmed ? 'dimmed' : undefined} visibleFrom="xs">
        {children}
      </Cell>
      <Cell colSpan={2} ta="right" c={dimmed ? 'dimmed' : undefined} hiddenFrom="xs">
        {children}
      </Cell>
    </>
  );
}
