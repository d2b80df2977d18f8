import { Button, Group, Paper, SegmentedControl, Table, Text } from '@mantine/core';
import { IconBottle, IconGlassFull, IconHistory } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { CellarItem, CellarStatus } from '../../../shared/cellar';
import { formatBRL } from '../../../shared/money';
import { countOf, pluralWord } from '../../../shared/plural';
import { foldText, searchTerms } from '../../../shared/text-search';

import { CardTable } from '../../ui/CardTable';
import { EmptyState, NoMatchesState } from '../../ui/EmptyState';
import { ListSkeleton, ListSummary } from '../../ui/ListStates';
import { NameCell } from '../../ui/NameCell';
import { NewButton } from '../../ui/NewButton';
import { ActionsHeader, RowActionButton, RowActions } from '../../ui/RowActionIcons';
import { SearchInput } from '../../ui/SearchInput';
import { TableRows } from '../../ui/TableRows';
import classes from './CellarStockList.module.css';
import { CellarStatusBadge, itemOrigin } from './cellar-status';
import type { QuickSale } from './use-cellar-quick-sale';

type StatusFilter = 'all' | CellarStatus;

const FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'low', label: 'Baixo' },
  { value: 'sold_out', label: 'Esgotado' },
  { value: 'ok', label: 'OK' },
];

interface Props {
  items: CellarItem[] | undefined;
  /** Absent where the user may not add wines. */
  onNew?(): void;
  /** Absent where the user may not edit them. */
  onEdit?(item: CellarItem): void;
  onHistory(item: CellarItem): void;
  /** "−1 garrafa" / "−1 taça" on the row; absent where the user may not record movements. */
  onSale?(item: CellarItem, sale: QuickSale): void;
}

/** One tap per bottle (or glass, for a wine a menu sells by the glass), 44 px high: service on a phone. */
function SaleButtons({ item, onSale }: { item: CellarItem; onSale(item: CellarItem, sale: QuickSale): void }) {
  return (
    <div className={classes.sale}>
      <Button
        size="sm"
        variant="light"
        mih={44}
        leftSection={<IconBottle size={16} />}
        aria-label={`−1 garrafa de ${item.name}`}
        onClick={() => onSale(item, 'bottle')}
      >
        −1 garrafa
      </Button>
      {item.menu_wines.some((w) => w.by_the_glass) && (
        <Button
          size="sm"
          variant="light"
          color="grape"
          mih={44}
          leftSection={<IconGlassFull size={16} />}
          aria-label={`−1 taça de ${item.name}`}
          onClick={() => onSale(item, 'glass')}
        >
          −1 taça
        </Button>
      )}
    </div>
  );
}

/** The cellar's wines: search, status filter, and a table that turns into cards on a phone. */
export function CellarStockList({ items, onNew, onEdit, onHistory, onSale }: Props) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const shown = useMemo(() => {
    const words = searchTerms(search);
    return (items ?? [])
      .filter((i) => status === 'all' || i.status === status)
      .filter((i) => {
        const text = foldText([i.name, i.producer, i.vintage].filter(Boolean).join(' '));
        return words.every((w) => text.includes(w));
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  }, [items, search, status]);
  const filtering = search.trim() !== '' || status !== 'all';
  const clear = () => {
    setSearch('');
    setStatus('all');
  };

  if (!items) return <ListSkeleton rows={5} />;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<IconBottle size={26} />}
        title="A adega ainda está vazia"
        action={onNew && <NewButton onClick={onNew}>Novo vinho</NewButton>}
      >
        Cadastre os vinhos da casa, ou marque um pedido como entregue: as garrafas entram sozinhas.
      </EmptyState>
    );
  }

  return (
    <>
      <Paper withBorder shadow="xs" p="md" mb="md" role="search" aria-label="Filtrar a adega">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SearchInput placeholder="Vinho, produtor ou safra" value={search} onChange={setSearch} style={{ flex: '1 1 220px' }} />
          <div style={{ flex: '0 1 auto', maxWidth: '100%' }}>
            <Text component="span" id="cellar-status-filter" size="sm" fw={500} display="block" mb={4}>
              Situação
            </Text>
            <SegmentedControl
              aria-labelledby="cellar-status-filter"
              data={FILTERS}
              value={status}
              onChange={(v) => setStatus(v as StatusFilter)}
            />
          </div>
        </Group>
      </Paper>

      {shown.length === 0 ? (
        <NoMatchesState title="Nenhum vinho encontrado" onClear={clear}>
          Nenhum vinho da adega corresponde a estes filtros.
        </NoMatchesState>
      ) : (
        <>
          <ListSummary page={1} pages={1}>
            {countOf(shown.length, 'vinho', 'vinhos')}
            {filtering ? ` de ${items.length}` : ''}
          </ListSummary>
          <Paper withBorder shadow="xs">
            <CardTable label="Vinhos da adega" verticalSpacing="sm" horizontalSpacing="md" highlightOnHover minWidth={onSale ? 980 : 760}>
              <TableRows
                head={
                  <>
                    <Table.Th>Vinho</Table.Th>
                    <Table.Th ta="right">Em estoque</Table.Th>
                    {onSale && <Table.Th ta="right">Vender</Table.Th>}
                    <Table.Th ta="right">Estoque ideal</Table.Th>
                    <Table.Th>Situação</Table.Th>
                    <Table.Th ta="right">Último custo</Table.Th>
                    <ActionsHeader />
                  </>
                }
                rows={shown}
                rowProps={(item) => ({ 'data-testid': 'cellar-item', 'data-item-name': item.name })}
              >
                {(item) => (
                  <>
                    <NameCell name={item.name} detail={itemOrigin(item) || 'Sem produtor ou safra'} />
                    <Table.Td data-label="Em estoque" ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {/* A polite live region: a screen reader hears what each tap left. */}
                      <span aria-live="polite">
                        <Text span fw={700} size="md" data-testid="cellar-on-hand">
                          {item.on_hand.toLocaleString('pt-BR')}
                        </Text>
                        <Text span size="sm" c="dimmed">
                          {' '}
                          {pluralWord(item.on_hand, 'garrafa', 'garrafas')}
                        </Text>
                        {item.open_bottle_doses > 0 && (
                          <Text size="xs" c="dimmed" data-testid="cellar-open-bottle">
                            + garrafa aberta ({countOf(item.open_bottle_doses, 'taça', 'taças')})
                          </Text>
                        )}
                      </span>
                    </Table.Td>
                    {onSale && (
                      <Table.Td className={classes.saleCell}>
                        <SaleButtons item={item} onSale={onSale} />
                      </Table.Td>
                    )}
                    <Table.Td data-label="Estoque ideal" ta="right" style={{ whiteSpace: 'nowrap' }}>
                      <span>
                        {item.par_level.toLocaleString('pt-BR')}
                        {item.case_size && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            · cx {item.case_size}
                          </Text>
                        )}
                      </span>
                    </Table.Td>
                    <Table.Td data-label="Situação">
                      <CellarStatusBadge status={item.status} />
                    </Table.Td>
                    <Table.Td data-label="Último custo" ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {item.last_unit_cost !== null ? formatBRL(item.last_unit_cost) : '—'}
                    </Table.Td>
                    <Table.Td data-actions>
                      <RowActions label={item.name} onEdit={onEdit && (() => onEdit(item))}>
                        <RowActionButton
                          action="Histórico"
                          label={item.name}
                          icon={<IconHistory size={14} />}
                          onClick={() => onHistory(item)}
                        />
                      </RowActions>
                    </Table.Td>
                  </>
                )}
              </TableRows>
            </CardTable>
          </Paper>
        </>
      )}
    </>
  );
}
