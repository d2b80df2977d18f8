import { Anchor, Card, Grid, Group, Table, Text, TextInput } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatBRL } from '../../../shared/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type Order } from '../../../shared/orders';
import { countOf } from '../../../shared/plural';
import { formatDate } from '../../../shared/time';
import { establishmentListQuery, supplierOptionsQuery } from '../../lib/shared-queries';
import { useCan } from '../../lib/use-can';
import { useUrlPage } from '../../lib/use-url-page';
import { useUrlParams } from '../../lib/use-url-params';
import { EmptyState } from '../../ui/EmptyState';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../ui/FilterBar';
import { NewButton } from '../../ui/NewButton';
import { countLabel, PagedList, TableOrCards } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { TableRows } from '../../ui/TableRows';
import { OrderStatusBadge, SupplierName } from './order-format';
import { ORDER_FILTER_KEYS, type OrderFilters, useOrderList } from './orders-api';

const filtersFrom = (params: URLSearchParams) =>
  Object.fromEntries(ORDER_FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as OrderFilters;

const itemsLabel = (n: number) => countOf(n, 'item', 'itens');

/** /pedidos — purchase orders, newest first, with filters. */
export function OrdersPage() {
  const { params, update, replaceAll } = useUrlParams();
  const canCreate = useCan('orders', 'create');
  const seesEstablishments = useCan('establishments', 'read');
  const filters = filtersFrom(params);
  const { page, goToPage } = useUrlPage();
  const list = useOrderList(filters, page);
  const suppliers = useQuery(supplierOptionsQuery());
  const establishments = useQuery({ ...establishmentListQuery(), enabled: seesEstablishments });

  useEffect(() => {
    if (list.isError) console.error(list.error);
  }, [list.isError, list.error]);

  const setFilter = (key: keyof OrderFilters, value: string | null) =>
    update((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete('page');
    });
  const filtered = ORDER_FILTER_KEYS.some((k) => filters[k]);

  const numberLink = (o: Order) => (
    <Anchor component={Link} to={`/pedidos/${o.id}`} fw={700} ff="monospace" aria-label={`Pedido ${o.number}`}>
      #{o.number}
    </Anchor>
  );

  return (
    <>
      <PageHeader
        title="Pedidos"
        description="Compras dos estabelecimentos aos fornecedores, da confirmação à entrega."
        back={{ to: '/', label: 'Início' }}
        actions={canCreate && <NewButton to="/pedidos/novo">Novo pedido</NewButton>}
      />
      <FilterBar label="Filtrar pedidos">
        <FilterSelect
          span={{ base: 6, md: 2 }}
          label="Status"
          data={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
          value={filters.status}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          span={{ base: 6, md: 3 }}
          label="Fornecedor"
          searchable
          nothingFoundMessage="Nenhum fornecedor"
          data={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.company_name }))}
          value={filters.supplier_id}
          onChange={(v) => setFilter('supplier_id', v)}
        />
        {seesEstablishments && (
          <FilterSelect
            span={{ base: 12, md: 3 }}
            label="Estabelecimento"
            searchable
            data={(establishments.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            value={filters.establishment_id}
            onChange={(v) => setFilter('establishment_id', v)}
          />
        )}
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <TextInput label="De" type="date" value={filters.from} onChange={(e) => setFilter('from', e.currentTarget.value)} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <TextInput label="Até" type="date" value={filters.to} onChange={(e) => setFilter('to', e.currentTarget.value)} />
        </Grid.Col>
        {filtered && (
          <Grid.Col span={{ base: 12, md: 'content' }}>
            <ClearFiltersButton onClick={() => replaceAll(new URLSearchParams(), false)} />
          </Grid.Col>
        )}
      </FilterBar>

      <PagedList
        list={list}
        errorTitle="Não foi possível carregar os pedidos"
        skeletonRows={4}
        page={page}
        onPageChange={goToPage}
        summary={(total) => countLabel(total, 'pedido', 'pedidos')}
        empty={
          <EmptyState icon={<IconTruckDelivery size={26} />} title={filtered ? 'Nenhum pedido encontrado' : 'Nenhum pedido ainda'}>
            {filtered ? 'Nenhum pedido corresponde a estes filtros.' : 'Os pedidos feitos aos fornecedores aparecem aqui.'}
          </EmptyState>
        }
      >
        {(orders) => (
          <TableOrCards
            table={
              <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover miw={820}>
                <TableRows
                  head={
                    <>
                      <Table.Th>Número</Table.Th>
                      <Table.Th>Data</Table.Th>
                      <Table.Th>Estabelecimento</Table.Th>
                      <Table.Th>Fornecedor</Table.Th>
                      <Table.Th ta="right">Itens</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th ta="right">Comissão</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </>
                  }
                  rows={orders}
                >
                  {(o) => (
                    <>
                      <Table.Td>{numberLink(o)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(o.order_date)}</Table.Td>
                      <Table.Td>{o.establishment_name}</Table.Td>
                      <Table.Td>
                        <SupplierName company={o.supplier_company_name} contact={o.supplier_name} />
                      </Table.Td>
                      <Table.Td ta="right">{o.item_count}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatBRL(o.total_amount)}
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatBRL(o.commission_amount)}
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={o.status} />
                      </Table.Td>
                    </>
                  )}
                </TableRows>
              </Table>
            }
            cards={orders.map((o) => (
              <Card key={o.id} withBorder shadow="xs" padding="md">
                <Group justify="space-between" wrap="nowrap">
                  {numberLink(o)}
                  <OrderStatusBadge status={o.status} size="sm" />
                </Group>
                <Text size="sm" mt={4}>
                  {o.establishment_name} → {o.supplier_company_name}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Text size="xs" c="dimmed">
                    {formatDate(o.order_date)} · {itemsLabel(o.item_count)}
                  </Text>
                  <Text size="sm" fw={600}>
                    {formatBRL(o.total_amount)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" ta="right">
                  Comissão {formatBRL(o.commission_amount)}
                </Text>
              </Card>
            ))}
          />
        )}
      </PagedList>
    </>
  );
}
