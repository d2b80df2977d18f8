import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconShoppingCart } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ReorderGroup } from '../../../shared/cellar';
import { formatBRL } from '../../../shared/money';
import { countOf } from '../../../shared/plural';
import { orderPrefillState } from '../../lib/order-prefill';
import { CardTable } from '../../ui/CardTable';
import { EmptyState } from '../../ui/EmptyState';
import { ListSkeleton, LoadErrorAlert } from '../../ui/ListStates';
import { TableRows } from '../../ui/TableRows';
import { useReorder } from './cellar-api';

/** What to reorder, one card per supplier (the last one that delivered each wine), each with "Criar pedido". */
export function ReorderPanel({ establishmentId }: { establishmentId: string }) {
  const reorder = useReorder(establishmentId);
  if (reorder.isError) return <LoadErrorAlert title="Não foi possível calcular a reposição" error={reorder.error} />;
  if (reorder.isPending) return <ListSkeleton rows={4} />;
  if (reorder.data.groups.length === 0) {
    return (
      <EmptyState icon={<IconCircleCheck size={26} />} title="Nada a repor">
        Todos os vinhos estão acima do estoque ideal.
      </EmptyState>
    );
  }
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Vinhos no estoque ideal ou abaixo dele. A quantidade completa o estoque ideal, arredondada para caixas fechadas quando o vinho é
        comprado em caixa; o valor usa o último custo pago.
      </Text>
      {reorder.data.groups.map((group) => (
        <SupplierSuggestion key={group.supplier_id ?? 'none'} group={group} establishmentId={establishmentId} />
      ))}
    </Stack>
  );
}

function SupplierSuggestion({ group, establishmentId }: { group: ReorderGroup; establishmentId: string }) {
  const navigate = useNavigate();
  const orderable = group.items.filter((i) => i.catalog_wine_id);
  const title = group.supplier_name ?? 'Sem fornecedor conhecido';
  const headingId = `reorder-${group.supplier_id ?? 'none'}`;
  const createOrder = () =>
    navigate('/pedidos/novo', {
      state: orderPrefillState({
        establishment_id: establishmentId,
        supplier_id: group.supplier_id ?? '',
        items: orderable.map((i) => ({
          wine_id: i.catalog_wine_id as string,
          wine_label: i.name,
          quantity: i.quantity,
          price: i.last_unit_cost === null ? 0 : Number(i.last_unit_cost),
        })),
      }),
    });

  return (
    <Paper withBorder shadow="xs" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="wrap" gap="sm" p="md" pb="xs">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {countOf(group.items.length, 'vinho', 'vinhos')} · estimado{' '}
            <Text span fw={700} c="dark">
              {formatBRL(group.estimated_total)}
            </Text>
          </Text>
        </div>
        {group.supplier_id && orderable.length > 0 && (
          <Button leftSection={<IconShoppingCart size={18} />} onClick={createOrder} aria-label={`Criar pedido para ${title}`}>
            Criar pedido
          </Button>
        )}
      </Group>
      {!group.supplier_id && (
        <Alert color="gray" variant="light" mx="md" mb="xs">
          Estes vinhos nunca chegaram por um pedido: escolha o fornecedor em um novo pedido.
        </Alert>
      )}
      <CardTable label={`Reposição: ${title}`} verticalSpacing="xs" horizontalSpacing="md" minWidth={640}>
        <TableRows
          head={
            <>
              <Table.Th>Vinho</Table.Th>
              <Table.Th ta="right">Em estoque</Table.Th>
              <Table.Th ta="right">Pedir</Table.Th>
              <Table.Th ta="right">Último custo</Table.Th>
              <Table.Th ta="right">Subtotal</Table.Th>
            </>
          }
          rows={group.items}
          rowKey={(i) => i.cellar_item_id}
        >
          {(i) => (
            <>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {i.name}
                </Text>
                {!i.catalog_wine_id && (
                  <Text size="xs" c="dimmed">
                    Fora do catálogo: não entra no pedido
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Em estoque" ta="right">
                {i.on_hand} / {i.par_level}
              </Table.Td>
              <Table.Td data-label="Pedir" ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text span fw={700} size="sm">
                  {i.quantity}
                </Text>
                {i.case_size && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    ({i.quantity / i.case_size} cx de {i.case_size})
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Último custo" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {i.last_unit_cost === null ? '—' : formatBRL(i.last_unit_cost)}
              </Table.Td>
              <Table.Td data-label="Subtotal" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {i.line_total === null ? '—' : formatBRL(i.line_total)}
              </Table.Td>
            </>
          )}
        </TableRows>
      </CardTable>
    </Paper>
  );
}
