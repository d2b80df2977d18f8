import { Grid, Paper, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { ENGINEERING_COLUMNS, type EngineeringWine, MISSING_LABELS, QUADRANT_LABELS, QUADRANTS } from '../../../shared/menu-engineering';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../ui/FilterBar';
import { SearchInput } from '../../ui/SearchInput';
import { decimal, formatInteger, plural, points, reais, sharePoints } from './format';
import { QuadrantBadge } from './QuadrantMatrix';

/** One column of the figures: the .xlsx export (menu-engineering/engineering-sheet.ts) has the same ones, in this order. */
interface Column {
  key: string;
  header: string;
  /** What the column sorts by; null sorts last either way. */
  value(w: EngineeringWine): number | string | null;
  cell(w: EngineeringWine): ReactNode;
  numeric?: boolean;
  /** A column of sentences: it wraps instead of widening the table. */
  wraps?: boolean;
  /** The narrowest the column may be (a badge is not cut). */
  miw?: number;
}

/** A figure that may be missing ("—"), right-aligned, sorted by its value. */
const figure = (
  key: string,
  header: string,
  value: (w: EngineeringWine) => number | null,
  format: (v: number | null) => string,
): Column => ({
  key,
  header,
  numeric: true,
  value,
  cell: (w) => format(value(w)),
});
const count = (key: string, header: string, value: (w: EngineeringWine) => number): Column => ({
  key,
  header,
  numeric: true,
  value,
  cell: (w) => formatInteger(value(w)),
});

const QUADRANT_ORDER = (w: EngineeringWine) => (w.quadrant === null ? null : QUADRANTS.indexOf(w.quadrant));

const COLUMNS: Column[] = [
  { key: 'name', header: ENGINEERING_COLUMNS.name, value: (w) => w.name, cell: (w) => w.name },
  { key: 'category', header: ENGINEERING_COLUMNS.category, value: (w) => w.category, cell: (w) => w.category },
  {
    key: 'quadrant',
    header: ENGINEERING_COLUMNS.quadrant,
    value: QUADRANT_ORDER,
    miw: 140,
    cell: (w) => (w.quadrant ? <QuadrantBadge quadrant={w.quadrant} /> : '—'),
  },
  count('bottles', ENGINEERING_COLUMNS.bottles, (w) => w.bottles_sold),
  count('glasses', ENGINEERING_COLUMNS.glasses, (w) => w.glasses_sold),
  figure('revenue', ENGINEERING_COLUMNS.revenue, (w) => w.revenue_cents, reais),
  figure('cost', ENGINEERING_COLUMNS.cost, (w) => w.cost_cents, reais),
  figure('margin', ENGINEERING_COLUMNS.margin, (w) => w.margin_cents, reais),
  figure('margin_percent', ENGINEERING_COLUMNS.margin_percent, (w) => w.margin_percent, points),
  figure('bottle_margin', ENGINEERING_COLUMNS.bottle_margin, (w) => w.bottle_margin_percent, points),
  figure('glass_margin', ENGINEERING_COLUMNS.glass_margin, (w) => w.glass_margin_percent, points),
  figure('unit_margin', ENGINEERING_COLUMNS.unit_margin, (w) => w.unit_margin_cents, reais),
  figure('popularity', ENGINEERING_COLUMNS.popularity, (w) => w.popularity_share, sharePoints),
  figure('sell_through', ENGINEERING_COLUMNS.sell_through, (w) => w.sell_through_percent, points),
  figure('cover', ENGINEERING_COLUMNS.cover, (w) => w.days_of_cover, decimal),
  count('on_hand', ENGINEERING_COLUMNS.on_hand, (w) => w.on_hand),
  figure('unit_cost', ENGINEERING_COLUMNS.unit_cost, (w) => w.unit_cost_cents, reais),
  figure('capital', ENGINEERING_COLUMNS.capital, (w) => w.capital_cents, reais),
  count('opens', ENGINEERING_COLUMNS.opens, (w) => w.opens),
  figure('open_to_sale', ENGINEERING_COLUMNS.open_to_sale, (w) => w.open_to_sale_percent, points),
  {
    key: 'missing',
    header: ENGINEERING_COLUMNS.missing,
    value: (w) => (w.missing.length === 0 ? null : w.missing.join()),
    cell: (w) =>
      w.missing.length === 0 ? (
        ''
      ) : (
        <Text span size="xs">
          {w.missing.map((m) => MISSING_LABELS[m]).join('; ')}
        </Text>
      ),
    wraps: true,
  },
];

/** The wine's name stays in view while the figures scroll sideways. */
const STICKY = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
} as const;

type Sort = { key: string; direction: 'ascending' | 'descending' };
const NO_QUADRANT = 'sem-dados';

function compare(a: number | string | null, b: number | string | null): number {
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'pt-BR');
  return (a as number) - (b as number);
}

function sorted(wines: EngineeringWine[], sort: Sort): EngineeringWine[] {
  const column = COLUMNS.find((c) => c.key === sort.key) ?? COLUMNS[0];
  if (!column) return wines;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...wines].sort((x, y) => {
    const a = column.value(x);
    const b = column.value(y);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compare(a, b);
  });
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Every figure of every wine: sortable by any column, filtered by quadrant, category and name; scrolls sideways on phones. */
export function FiguresTable({ wines }: { wines: EngineeringWine[] }) {
  // At laptop widths the table keeps its header and the names in view inside its own box; a phone scrolls the page.
  const tall = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [sort, setSort] = useState<Sort>({ key: 'revenue', direction: 'descending' });
  const [quadrant, setQuadrant] = useState('');
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const categories = useMemo(() => [...new Set(wines.map((w) => w.category))].sort((a, b) => a.localeCompare(b, 'pt-BR')), [wines]);
  const words = fold(search.trim());
  const rows = sorted(
    wines.filter(
      (w) =>
        (quadrant === '' || (quadrant === NO_QUADRANT ? w.quadrant === null : w.quadrant === quadrant)) &&
        (category === '' || w.category === category) &&
        (words === '' || fold(w.name).includes(words)),
    ),
    sort,
  );
  const filtered = quadrant !== '' || category !== '' || search !== '';
  const toggle = (key: string) =>
    setSort((s) => ({
      key,
      direction:
        s.key === key
          ? s.direction === 'ascending'
            ? 'descending'
            : 'ascending'
          : key === 'name' || key === 'category'
            ? 'ascending'
            : 'descending',
    }));

  return (
    <Paper withBorder p="md" component="section" aria-label="Números por vinho">
      <Title order={2} fz="lg">
        Números por vinho
      </Title>
      <Text size="xs" c="dimmed" mt={2} mb="sm">
        Toque no nome de uma coluna para ordenar. A exportação .xlsx traz as mesmas colunas.
      </Text>
      <FilterBar label="Filtrar vinhos">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <SearchInput label="Buscar vinho" value={search} onChange={setSearch} />
        </Grid.Col>
        <FilterSelect
          span={{ base: 12, xs: 6, sm: 3 }}
          label="Quadrante"
          value={quadrant}
          onChange={setQuadrant}
          data={[
            ...QUADRANTS.map((q) => ({ value: q, label: QUADRANT_LABELS[q] })),
            { value: NO_QUADRANT, label: 'Sem dados suficientes' },
          ]}
        />
        <FilterSelect span={{ base: 12, xs: 6, sm: 3 }} label="Categoria" value={category} onChange={setCategory} data={categories} />
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <ClearFiltersButton
            disabled={!filtered}
            onClick={() => {
              setQuadrant('');
              setCategory('');
              setSearch('');
            }}
          />
        </Grid.Col>
      </FilterBar>
      <Text size="sm" c="dimmed" role="status" mb="xs">
        {filtered ? `${plural(rows.length, 'vinho', 'vinhos')} de ${wines.length}` : plural(wines.length, 'vinho', 'vinhos')}
      </Text>
      <Table.ScrollContainer
        minWidth={0}
        maxHeight={tall ? 640 : undefined}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Números por vinho (role para os lados)' },
        }}
      >
        <Table stickyHeader verticalSpacing="xs" horizontalSpacing="xs" fz="sm" aria-label="Números por vinho">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => {
                const active = sort.key === c.key;
                return (
                  <Table.Th
                    key={c.key}
                    ta={c.numeric ? 'right' : undefined}
                    aria-sort={active ? sort.direction : undefined}
                    p={0}
                    style={c.key === 'name' ? { ...STICKY, zIndex: 3 } : undefined}
                  >
                    <UnstyledButton
                      onClick={() => toggle(c.key)}
                      px="xs"
                      py={6}
                      w="100%"
                      fz="sm"
                      fw={600}
                      style={{
                        display: 'flex',
                        gap: 4,
                        alignItems: 'center',
                        justifyContent: c.numeric ? 'flex-end' : 'flex-start',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {c.header}
                      {active ? (
                        sort.direction === 'ascending' ? (
                          <IconArrowUp size={14} aria-hidden />
                        ) : (
                          <IconArrowDown size={14} aria-hidden />
                        )
                      ) : (
                        <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                      )}
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((w) => (
              <Table.Tr key={w.menu_wine_id}>
                {COLUMNS.map((c, i) =>
                  i === 0 ? (
                    <Table.Th key={c.key} scope="row" fw={500} miw={{ base: 150, sm: 220 }} style={STICKY}>
                      {c.cell(w)}
                    </Table.Th>
                  ) : (
                    <Table.Td
                      key={c.key}
                      ta={c.numeric ? 'right' : undefined}
                      miw={c.wraps ? 260 : c.miw}
                      style={c.wraps ? undefined : { whiteSpace: 'nowrap' }}
                    >
                      {c.cell(w)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" mt="sm">
          Nenhum vinho com esses filtros.
        </Text>
      ) : null}
    </Paper>
  );
}
