import { Autocomplete, Grid, Table, Text, TextInput } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { type FormEvent, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CatalogWine } from '../../../shared/catalog';
import { formatBRL } from '../../../shared/money';
import { COUNTRY_FLAGS, WINE_COUNTRIES, WINE_STYLES } from '../../../shared/wine-vocabulary';
import { useSettledFilter } from '../../lib/use-settled-filter';
import { useUrlPage } from '../../lib/use-url-page';
import { useWriteRights } from '../../lib/use-write-rights';
import { CountryLabel } from '../../ui/CountryLabel';
import { confirmDelete } from '../../ui/confirm';
import { EmptyState, NoMatchesState } from '../../ui/EmptyState';
import { FilterActions, FilterBar, FilterSelect } from '../../ui/FilterBar';
import { NameCell } from '../../ui/NameCell';
import { NewButton } from '../../ui/NewButton';
import { mutationToasts, notifyError } from '../../ui/notify';
import { countLabel, PagedCardTable, PagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { ActionsHeader, RowActions } from '../../ui/RowActionIcons';
import { SearchInput } from '../../ui/SearchInput';
import { TableRows } from '../../ui/TableRows';
import { type CatalogFilters, hasFilters, useCatalogList, useDeleteCatalogWine } from './catalog-api';

const FILTER_KEYS = ['q', 'country', 'grape_variety', 'wine_style'] as const;

function filtersFrom(params: URLSearchParams): CatalogFilters {
  return {
    q: params.get('q') ?? '',
    country: params.get('country') ?? '',
    grape_variety: params.get('grape_variety') ?? '',
    wine_style: params.get('wine_style') ?? '',
  };
}

function paramsFrom(filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const k of FILTER_KEYS) if (filters[k].trim()) next.set(k, filters[k].trim());
  return next;
}

const filtersKey = (filters: CatalogFilters) => paramsFrom(filters).toString();

/** /catalogo — the global wine catalogue: filters, table, edit and delete. */
export function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { canCreate, canUpdate, canDelete } = useWriteRights('catalog');
  const applied = filtersFrom(params);
  const { page, goToPage: setPage } = useUrlPage();
  // The address is the source of truth (back/forward, shared links); filters apply as they are typed or chosen.
  const [draft, setDraft] = useSettledFilter(applied, (f) => setParams(paramsFrom(f), { replace: true }), filtersKey);
  const list = useCatalogList(applied, page);
  const remove = useDeleteCatalogWine();
  const filtered = hasFilters(applied);
  const loadError = filtered ? 'Falha na busca' : 'Falha ao carregar o catálogo';

  useEffect(() => {
    if (list.isError) {
      console.error(list.error);
      notifyError(loadError);
    }
  }, [list.isError, list.error, loadError]);

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setParams(paramsFrom(draft));
  };
  const clear = () => {
    setDraft(filtersFrom(new URLSearchParams()));
    setParams(new URLSearchParams());
  };
  const goToPage = (p: number) => {
    setPage(p);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const onDelete = (wine: CatalogWine) =>
    confirmDelete({
      title: 'Excluir vinho',
      message: 'Excluir este vinho do catálogo?',
      name: wine.name,
      onConfirm: () =>
        remove.mutate(wine.id, mutationToasts('Vinho excluído do catálogo.', 'Falha ao excluir o vinho', { serverMessage: false })),
    });

  const newWine = canCreate && <NewButton to="/catalogo/novo">Novo vinho</NewButton>;
  const countries: string[] = [...WINE_COUNTRIES];
  if (draft.country && !countries.includes(draft.country)) countries.push(draft.country);

  return (
    <>
      <PageHeader
        title="Catálogo global"
        description="Vinhos de referência para importar nas cartas, com ficha técnica e notas de degustação."
        back={{ to: '/', label: 'Início' }}
        actions={newWine}
      />

      <FilterBar label="Filtrar catálogo" onSubmit={apply}>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <SearchInput label="Nome" placeholder="Nome, produtor ou região" value={draft.q} onChange={(q) => setDraft({ ...draft, q })} />
        </Grid.Col>
        <FilterSelect
          span={{ base: 6, md: 2 }}
          label="País"
          data={countries.map((c) => ({ value: c, label: `${COUNTRY_FLAGS[c] ?? ''} ${c}`.trim() }))}
          value={draft.country}
          onChange={(country) => setDraft({ ...draft, country })}
        />
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            label="Uva"
            placeholder="Ex.: Malbec"
            value={draft.grape_variety}
            onChange={(e) => setDraft({ ...draft, grape_variety: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <Autocomplete
            label="Estilo"
            placeholder="Todos"
            data={[...WINE_STYLES]}
            value={draft.wine_style}
            onChange={(v) => setDraft({ ...draft, wine_style: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <FilterActions searching={list.isFetching && !list.isPending} canClear={filtered || hasFilters(draft)} onClear={clear}>
            {/* Enter applies at once; otherwise filters apply as they change. */}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </FilterActions>
        </Grid.Col>
      </FilterBar>

      <PagedList
        list={list}
        errorTitle={loadError}
        skeletonRows={5}
        page={page}
        onPageChange={goToPage}
        summary={(total) => `${countLabel(total, 'vinho', 'vinhos')}${filtered ? ' encontrados' : ' no catálogo'}`}
        empty={
          filtered ? (
            <NoMatchesState title="Nenhum vinho encontrado" onClear={clear}>
              Nenhum vinho do catálogo corresponde a estes filtros.
            </NoMatchesState>
          ) : (
            <EmptyState icon={<IconBook2 size={26} />} title="O catálogo está vazio" action={newWine}>
              Cadastre vinhos de referência para importá-los nas cartas com poucos cliques.
            </EmptyState>
          )
        }
      >
        {(wines) => (
          <PagedCardTable label="Vinhos do catálogo" minWidth={860} reloading={list.isFetching && list.isPlaceholderData}>
            <TableRows
              head={
                <>
                  <Table.Th>Vinho</Table.Th>
                  <Table.Th>País</Table.Th>
                  <Table.Th>Uva</Table.Th>
                  <Table.Th>Estilo</Table.Th>
                  <Table.Th>Safra</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    Preço ref.
                  </Table.Th>
                  {(canUpdate || canDelete) && <ActionsHeader />}
                </>
              }
              rows={wines}
            >
              {(w) => (
                <>
                  <NameCell
                    name={
                      canUpdate ? (
                        <Link to={`/catalogo/${w.id}/editar`} style={{ color: 'inherit', textDecoration: 'none' }}>
                          {w.name}
                        </Link>
                      ) : (
                        w.name
                      )
                    }
                    detail={[w.producer, w.region].filter(Boolean).join(' · ') || '—'}
                  />
                  <Table.Td data-label="País" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{w.country ? <CountryLabel country={w.country} /> : '—'}</Text>
                  </Table.Td>
                  <Table.Td data-label="Uva">
                    <Text size="sm" lineClamp={2}>
                      {w.grape_variety ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Estilo">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {w.wine_style ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Safra">{w.vintage ?? '—'}</Table.Td>
                  <Table.Td data-label="Preço ref." ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {w.price_reference !== null ? formatBRL(w.price_reference) : '—'}
                  </Table.Td>
                  {(canUpdate || canDelete) && (
                    <Table.Td data-actions>
                      <RowActions
                        label={w.name}
                        onEdit={canUpdate ? () => navigate(`/catalogo/${w.id}/editar`) : undefined}
                        onDelete={canDelete ? () => onDelete(w) : undefined}
                      />
                    </Table.Td>
                  )}
                </>
              )}
            </TableRows>
          </PagedCardTable>
        )}
      </PagedList>
    </>
  );
}
