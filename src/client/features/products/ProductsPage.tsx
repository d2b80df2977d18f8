import { Badge, Button, Grid, Group, Select, Table, Text } from '@mantine/core';
import { IconCategoryPlus, IconEdit, IconPackage } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { scopeFor } from '../../../shared/access-policy';
import { formatBRL } from '../../../shared/money';
import { PRODUCT_SCREEN_TEXTS, type Product, type ProductCategory } from '../../../shared/products';
import { useSession } from '../../lib/session';
import { principalOf, useCan } from '../../lib/use-can';
import { useSettledFilter } from '../../lib/use-settled-filter';
import { useWriteRights } from '../../lib/use-write-rights';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState, NoMatchesState } from '../../ui/EmptyState';
import { FilterActions, FilterBar } from '../../ui/FilterBar';
import { NameCell } from '../../ui/NameCell';
import { NewButton } from '../../ui/NewButton';
import { mutationToasts, notifyError, notifySuccess } from '../../ui/notify';
import { countLabel, PagedCardTable, PagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { ActionsHeader, RowActions } from '../../ui/RowActionIcons';
import { SearchInput } from '../../ui/SearchInput';
import { TableRows } from '../../ui/TableRows';
import { CategoryFormModal, parentOptions } from './CategoryFormModal';
import { PageButtons } from './PageButtons';
import { ProductFormModal } from './ProductFormModal';
import { ProductStatsCards } from './ProductStatsCards';
import { hasFilters, type ProductFilters, useCategories, useDeleteProduct, useProductStats, useProducts } from './products-api';

interface View extends ProductFilters {
  page: number;
}

const viewFrom = (params: URLSearchParams): View => ({
  search: (params.get('search') ?? '').trim(),
  category_id: params.get('category_id') ?? '',
  page: Math.max(1, Number(params.get('page')) || 1),
});

function paramsOf(view: View): URLSearchParams {
  const next = new URLSearchParams();
  if (view.search) next.set('search', view.search);
  if (view.category_id) next.set('category_id', view.category_id);
  if (view.page > 1) next.set('page', String(view.page));
  return next;
}

type Dialog = { kind: 'product'; product: Product | null } | { kind: 'category'; category: ProductCategory | null } | null;

/** /produtos/gerenciar — stock: stats, search, category filter, the product table and its two dialogs. */
export function ProductsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  // The screen's own state is the source of truth, written to the URL (shared links, reload); the URL is read back
  // only on first load and on back/forward. Reading it on every render would lag behind while a navigation is pending.
  const [view, setView] = useState(() => viewFrom(params));
  const applied: ProductFilters = { search: view.search, category_id: view.category_id };
  const page = view.page;
  const applySearch = (value: string) => setView((v) => (v.search === value.trim() ? v : { ...v, search: value.trim(), page: 1 }));
  const [search, setSearch] = useSettledFilter(view.search, applySearch, (value) => value.trim());
  const [dialog, setDialog] = useState<Dialog>(null);
  const openProduct = (product: Product | null) => setDialog({ kind: 'product', product });
  const openCategory = (category: ProductCategory | null) => setDialog({ kind: 'category', category });
  const list = useProducts(applied, page);
  const stats = useProductStats();
  const categories = useCategories();
  const remove = useDeleteProduct();
  const { canCreate, canUpdate, canDelete } = useWriteRights('products');
  const canCreateCategory = useCan('productCategories', 'create');
  const canUpdateCategory = useCan('productCategories', 'update');
  // Whoever may write every supplier's products picks the supplier; a supplier user's are always its own.
  const seesEverySupplier = user ? scopeFor(principalOf(user), 'products', 'read').kind === 'all' : false;
  const picksSupplier = user ? scopeFor(principalOf(user), 'products', 'create').kind === 'all' : false;
  const filtered = hasFilters(applied);
  const newProduct = canCreate && <NewButton onClick={() => openProduct(null)}>Novo Produto</NewButton>;
  const allCategories = categories.data ?? [];
  const categoryOptions = useMemo(() => parentOptions(categories.data ?? [], undefined), [categories.data]);
  const selectedCategory = allCategories.find((c) => c.id === applied.category_id) ?? null;

  const loadFailed = list.isError || stats.isError || categories.isError;
  useEffect(() => {
    if (loadFailed) notifyError(PRODUCT_SCREEN_TEXTS.loadFailed);
  }, [loadFailed]);

  useEffect(() => {
    const onPop = () => {
      const next = viewFrom(new URLSearchParams(window.location.search));
      setView(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const viewKey = paramsOf(view).toString();
  const latestParamsKey = useRef(params.toString());
  latestParamsKey.current = params.toString();
  useEffect(() => {
    if (viewKey !== latestParamsKey.current) setParams(new URLSearchParams(viewKey));
  }, [viewKey, setParams]);

  const setCategory = (category_id: string) => setView({ search: search.trim(), category_id, page: 1 });
  const clear = () => {
    setSearch('');
    setView({ search: '', category_id: '', page: 1 });
  };
  const goToPage = (p: number) => setView((v) => ({ ...v, page: p }));

  const onDelete = (product: Product) =>
    confirmDelete({
      title: 'Excluir produto',
      message: 'Tem certeza que deseja excluir este produto?',
      name: product.name,
      onConfirm: () => remove.mutate(product.id, mutationToasts('Produto excluído.', PRODUCT_SCREEN_TEXTS.deleteFailed, { titled: true })),
    });

  return (
    <>
      <PageHeader
        title="Gerenciar Produtos"
        description="Produtos e estoque dos fornecedores, organizados em categorias."
        back={{ to: '/', label: 'Início' }}
        actions={
          <Group gap="xs">
            {canCreateCategory && (
              <Button variant="default" leftSection={<IconCategoryPlus size={18} />} onClick={() => openCategory(null)}>
                Nova Categoria
              </Button>
            )}
            {newProduct}
          </Group>
        }
      />

      <ProductStatsCards stats={stats.data} loading={stats.isPending && !stats.isError} />

      <FilterBar label="Filtrar produtos">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SearchInput
            placeholder="Nome, SKU ou descrição"
            value={search}
            onChange={setSearch}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applySearch(search);
            }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 4 }}>
          <Select
            label="Categoria"
            placeholder="Todas as categorias"
            description="Inclui as subcategorias."
            clearable
            searchable
            data={categoryOptions}
            value={applied.category_id || null}
            onChange={(v) => setCategory(v ?? '')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          <FilterActions searching={list.isFetching && !list.isPending} canClear={filtered || search !== ''} onClear={clear}>
            {canUpdateCategory && selectedCategory && (
              <Button variant="subtle" leftSection={<IconEdit size={16} />} onClick={() => openCategory(selectedCategory)}>
                Editar categoria
              </Button>
            )}
          </FilterActions>
        </Grid.Col>
      </FilterBar>

      <PagedList
        list={list}
        errorTitle={PRODUCT_SCREEN_TEXTS.loadFailed}
        skeletonRows={5}
        page={page}
        onPageChange={goToPage}
        pager={(shown, pages) => <PageButtons page={shown} total={pages} onChange={goToPage} />}
        summary={(total) => `${countLabel(total, 'produto', 'produtos')}${filtered ? ' encontrados' : ''}`}
        empty={
          filtered ? (
            <NoMatchesState title="Nenhum produto encontrado" onClear={clear}>
              Nenhum produto corresponde a esta busca.
            </NoMatchesState>
          ) : (
            <EmptyState icon={<IconPackage size={26} />} title="Nenhum produto cadastrado" action={newProduct}>
              Cadastre os produtos um a um ou importe uma planilha.
            </EmptyState>
          )
        }
      >
        {(products) => (
          <PagedCardTable label="Produtos" minWidth={seesEverySupplier ? 900 : 760} reloading={list.isFetching && list.isPlaceholderData}>
            <TableRows
              head={
                <>
                  <Table.Th>Produto</Table.Th>
                  <Table.Th>Categoria</Table.Th>
                  {seesEverySupplier && <Table.Th>Fornecedor</Table.Th>}
                  <Table.Th ta="right">Preço</Table.Th>
                  <Table.Th ta="right">Estoque</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {(canUpdate || canDelete) && <ActionsHeader />}
                </>
              }
              rows={products}
            >
              {(p) => (
                <>
                  <NameCell
                    name={p.name}
                    detail={[p.sku && `SKU ${p.sku}`, p.description && cut(p.description)].filter(Boolean).join(' · ') || '—'}
                  />
                  <Table.Td data-label="Categoria">
                    <Text size="sm">{p.category_name ?? '—'}</Text>
                  </Table.Td>
                  {seesEverySupplier && (
                    <Table.Td data-label="Fornecedor">
                      <Text size="sm">{p.supplier_name ?? '—'}</Text>
                    </Table.Td>
                  )}
                  <Table.Td data-label="Preço" ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {p.price !== null ? formatBRL(p.price) : '—'}
                  </Table.Td>
                  <Table.Td data-label="Estoque" ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <span>
                      <Text size="sm" span fw={p.low_stock ? 600 : undefined} c={p.low_stock ? 'red.9' : undefined}>
                        {p.stock_quantity.toLocaleString('pt-BR')}
                        {p.unit ? ` ${p.unit}` : ''}
                      </Text>
                      {p.low_stock && (
                        <Badge color="red" c="red.9" variant="light" ml={6} tt="none" title={`Mínimo: ${p.min_stock}`}>
                          Estoque baixo
                        </Badge>
                      )}
                    </span>
                  </Table.Td>
                  <Table.Td data-label="Status">
                    <Badge color={p.active ? 'green' : 'gray'} c={p.active ? '#1e6b2f' : 'gray.8'} variant="light" tt="none">
                      {p.active ? 'Ativo' : 'Inativo'}
                    </Badge>
                  </Table.Td>
                  {(canUpdate || canDelete) && (
                    <Table.Td data-actions>
                      <RowActions
                        label={p.name}
                        onEdit={canUpdate ? () => openProduct(p) : undefined}
                        onDelete={canDelete ? () => onDelete(p) : undefined}
                      />
                    </Table.Td>
                  )}
                </>
              )}
            </TableRows>
          </PagedCardTable>
        )}
      </PagedList>

      <ProductFormModal
        opened={dialog?.kind === 'product'}
        product={dialog?.kind === 'product' ? dialog.product : null}
        categories={allCategories}
        picksSupplier={picksSupplier}
        onClose={() => setDialog(null)}
        onSaved={(message) => {
          setDialog(null);
          notifySuccess(message);
        }}
      />
      <CategoryFormModal
        opened={dialog?.kind === 'category'}
        category={dialog?.kind === 'category' ? dialog.category : null}
        categories={allCategories}
        onClose={() => setDialog(null)}
        onSaved={(_category, message) => {
          setDialog(null);
          notifySuccess(message);
        }}
      />
    </>
  );
}

/** SPEC §9: descriptions in lists are cut to their first 50 characters. */
const cut = (text: string) => (text.length > 50 ? `${text.slice(0, 50)}…` : text);
