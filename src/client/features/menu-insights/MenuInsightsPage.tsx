import { Badge, Grid, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { MenuInsights } from '../../../shared/menu-insights';
import { LANGUAGE_NAMES_PT } from '../../../shared/menu-languages';
import { establishmentListQuery } from '../../lib/shared-queries';
import { DashboardLoadError, DashboardSkeleton, StatGrid } from '../../ui/dashboard/DashboardStates';
import { type FigureColumn, type FigureList, FigurePanel } from '../../ui/dashboard/FigureTable';
import { Panel } from '../../ui/dashboard/Panel';
import { PeriodControl, parsePeriod } from '../../ui/dashboard/PeriodControl';
import { changeColour, PeriodChange, StatCard } from '../../ui/dashboard/StatCard';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { formatInteger, formatPercent, fullDay, plural } from './format';
import { BusiestHoursChart, ViewsPerDayChart } from './MenuInsightsCharts';
import { useMenuInsights } from './menu-insights-api';

const FILTER_LABELS: Record<string, string> = { pais: 'País', uva: 'Uva', preco: 'Preço', taca: 'Por taça' };
const PRICE_LABELS: Record<string, string> = {
  'ate-100': 'Até R$ 100',
  '100-200': 'R$ 100 – 200',
  '200-400': 'R$ 200 – 400',
  '400-mais': 'Acima de R$ 400',
};

/** /insights — what guests do on the establishment's public menus (decision 0064): no cookies, no personal data. */
export function MenuInsightsPage() {
  const [params, setParams] = useSearchParams();
  const days = parsePeriod(params.get('dias'));
  const establishments = useQuery(establishmentListQuery());
  const list = establishments.data ?? [];
  const chosen = list.find((e) => e.id === params.get('estabelecimento')) ?? list[0] ?? null;
  const insights = useMenuInsights(chosen?.id ?? null, days);
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Insights da carta"
        description={`O que os clientes fazem nas cartas públicas nos últimos ${days} dias, comparado aos ${days} dias anteriores.`}
        actions={
          <Group gap="sm" wrap="wrap">
            {list.length > 1 ? (
              <Select
                aria-label="Estabelecimento"
                data={list.map((e) => ({ value: e.id, label: e.name }))}
                value={chosen?.id ?? null}
                onChange={(value) => setParam('estabelecimento', value)}
                allowDeselect={false}
                w={{ base: '100%', xs: 240 }}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            <PeriodControl days={days} onChange={(value) => setParam('dias', value)} />
          </Group>
        }
      />
      {establishments.isSuccess && list.length === 0 ? (
        <EmptyState title="Nenhum estabelecimento">Cadastre um estabelecimento e publique uma carta para ver os insights.</EmptyState>
      ) : insights.isError || establishments.isError ? (
        <DashboardLoadError
          title="Erro ao carregar dados"
          text="Não foi possível carregar os insights da carta."
          onRetry={() => insights.refetch()}
        />
      ) : insights.data ? (
        <InsightsBody data={insights.data} establishment={list.length > 1 ? chosen?.name : undefined} />
      ) : (
        <InsightsSkeleton />
      )}
    </>
  );
}

function InsightsSkeleton() {
  return (
    <DashboardSkeleton status="Carregando insights da carta...">
      <Skeleton h={280} radius="md" />
    </DashboardSkeleton>
  );
}

function InsightsBody({ data, establishment }: { data: MenuInsights; establishment?: string | undefined }) {
  const { days } = data.period;
  const opens = data.opened_wines.reduce((sum, w) => sum + w.opens, 0);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {establishment ? `${establishment}: de ` : 'De '}
        {fullDay(data.period.start)} a {fullDay(data.period.end)} (horário de Brasília), comparado a {fullDay(data.period.previous_start)} a{' '}
        {fullDay(data.period.previous_end)}.
      </Text>
      <Text size="sm" c="dimmed">
        Uma visita é um cliente que abre a carta: o que ele vê na mesma carta nos 30 minutos seguintes (buscas, filtros, outras páginas) não
        conta outra visita. Contado sem cookies e sem guardar dados pessoais.
      </Text>
      <StatGrid>
        <StatCard label="Visitas" value={formatInteger(data.views.total)}>
          <Change change={data.views.change} previous={data.views.previous} days={days} />
        </StatCard>
        <StatCard
          label="Pelo QR Code das mesas"
          value={formatInteger(data.views.from_tables)}
          note={data.views.total > 0 ? `${Math.round((data.views.from_tables / data.views.total) * 100)}% das visitas` : 'Nenhuma visita'}
        />
        <StatCard label="Buscas" value={formatInteger(data.searches.total)}>
          <Change change={data.searches.change} previous={data.searches.previous} days={days} />
        </StatCard>
        <StatCard
          label="Vinhos abertos"
          value={formatInteger(opens)}
          note={
            data.opened_wines.length === 0
              ? 'Nenhum vinho aberto'
              : data.opened_wines.length === 1
                ? 'Todas de um só vinho'
                : `Somando os ${data.opened_wines.length} vinhos mais abertos`
          }
        />
      </StatGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ViewsPerDayChart points={data.views_per_day} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BusiestHoursChart hours={data.busiest_hours} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <OpenedWines wines={data.opened_wines} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <FigurePanel {...TABLES} rows={data.tables} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FigurePanel {...NOT_FOUND} rows={data.searches.not_found} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <FigurePanel {...SEARCHES} rows={data.searches.top} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Filters filters={data.filters} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <FigurePanel {...LANGUAGES} rows={data.languages.filter((l) => l.visits + l.searches + l.filters > 0)} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A count's change; when the server gives none although there was something before, nothing is said. */
function Change({ change, previous, days }: { change: number | null; previous: number; days: number }) {
  return change === null && previous !== 0 ? null : <PeriodChange change={change} previous={formatInteger(previous)} days={days} />;
}

/** The change column of a list: a small badge, or "novo" when there was nothing before. */
function ChangeCell({ change, previous }: { change: number | null; previous: number }) {
  if (change === null) {
    return previous === 0 ? (
      <Badge color="blue" variant="light" size="sm">
        novo
      </Badge>
    ) : null;
  }
  return (
    <Badge color={changeColour(change)} variant="light" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatPercent(change)}
    </Badge>
  );
}

/** The last column of every list: how the row moved against the previous period. */
const changeColumn = <T extends { change: number | null; previous: number }>(wide = false): FigureColumn<T> => ({
  header: 'Variação',
  numeric: true,
  wide,
  cell: (row) => <ChangeCell change={row.change} previous={row.previous} />,
});

function Availability({ available }: { available: boolean }) {
  return (
    <Badge color={available ? 'teal' : 'gray'} variant="light" size="sm">
      {available ? 'Disponível' : 'Indisponível'}
    </Badge>
  );
}

type OpenedWine = MenuInsights['opened_wines'][number];

function OpenedWines({ wines }: { wines: OpenedWine[] }) {
  const withCellar = wines.some((w) => w.cellar_count !== null);
  const columns: FigureColumn<OpenedWine>[] = [
    {
      header: 'Vinho',
      td: { style: { overflowWrap: 'anywhere' } },
      cell: (w) => (
        <>
          <Text size="sm" fw={500}>
            {w.name}
          </Text>
          <Text size="xs" c="dimmed">
            {w.menu_name}
          </Text>
          <Group gap={4} hiddenFrom="xs" mt={2}>
            <Availability available={w.available} />
            <ChangeCell change={w.change} previous={w.previous} />
          </Group>
        </>
      ),
    },
    { header: 'Situação', wide: true, cell: (w) => <Availability available={w.available} /> },
    ...(withCellar
      ? [{ header: 'Adega', numeric: true, cell: (w: OpenedWine) => (w.cellar_count === null ? '—' : formatInteger(w.cellar_count)) }]
      : []),
    { header: 'Aberturas', numeric: true, cell: (w) => formatInteger(w.opens) },
    changeColumn(true),
  ];
  return (
    <FigurePanel
      title="Vinhos mais abertos"
      description="Quantas vezes cada vinho foi aberto na carta, ao lado da disponibilidade."
      empty="Nenhum vinho aberto no período."
      columns={columns}
      rows={wines}
      rowKey={(w) => w.wine_id}
    />
  );
}

type TableViews = MenuInsights['tables'][number];
const TABLES: FigureList<TableViews> = {
  title: 'Leituras por mesa',
  description: 'Visitas que começaram pelo QR Code de cada mesa (?mesa=N).',
  empty: 'Nenhuma leitura de QR Code de mesa no período.',
  rowKey: (t) => t.table,
  columns: [
    { header: 'Mesa', td: { fw: 500 }, cell: (t) => `Mesa ${t.table}` },
    { header: 'Visitas', numeric: true, cell: (t) => formatInteger(t.views) },
    changeColumn(),
  ],
};

type NotFoundSearch = MenuInsights['searches']['not_found'][number];
const NOT_FOUND: FigureList<NotFoundSearch> = {
  title: 'Procurados e não encontrados',
  description: 'Buscas dos clientes que não encontraram nenhum vinho na carta.',
  empty: 'Toda busca do período encontrou algum vinho.',
  rowKey: (s) => s.words,
  columns: [
    { header: 'Busca', td: { fw: 500, style: { overflowWrap: 'anywhere' } }, cell: (s) => s.words },
    { header: 'Vezes', numeric: true, cell: (s) => formatInteger(s.searches) },
    changeColumn(),
  ],
};

type TopSearch = MenuInsights['searches']['top'][number];
const SEARCHES: FigureList<TopSearch> = {
  title: 'Mais buscados',
  description: 'As palavras buscadas, como o servidor as compara: sem acentos e em minúsculas.',
  empty: 'Nenhuma busca no período.',
  rowKey: (s) => s.words,
  columns: [
    {
      header: 'Busca',
      td: { style: { overflowWrap: 'anywhere' } },
      cell: (s) => (
        <>
          <Text size="sm" fw={500}>
            {s.words}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="xs">
            {plural(s.found, 'vinho encontrado', 'vinhos encontrados')}
          </Text>
        </>
      ),
    },
    { header: 'Vezes', numeric: true, cell: (s) => formatInteger(s.searches) },
    { header: 'Encontrou', numeric: true, wide: true, cell: (s) => plural(s.found, 'vinho', 'vinhos') },
    changeColumn(),
  ],
};

type LanguageFigures = MenuInsights['languages'][number];
/** The guest languages as the owner reads them: the row's name, and the sentence's "em inglês". */
const LANGUAGE_WORDS: Record<LanguageFigures['lang'], { name: string; in: string }> = {
  'pt-BR': { name: 'Português', in: 'em português' },
  en: { name: LANGUAGE_NAMES_PT.en, in: 'em inglês' },
  es: { name: LANGUAGE_NAMES_PT.es, in: 'em espanhol' },
};
const LANGUAGES: FigureList<LanguageFigures> = {
  title: 'Idiomas dos clientes',
  description: 'Em que idioma os clientes leram a carta: a visita conta no idioma da primeira página.',
  empty: 'Nenhuma visita no período.',
  rowKey: (l) => l.lang,
  columns: [
    {
      header: 'Idioma',
      cell: (l) => (
        <>
          <Text size="sm" fw={500}>
            {LANGUAGE_WORDS[l.lang].name}
          </Text>
          <Text size="xs" c="dimmed">
            {l.visits_share} % das visitas {LANGUAGE_WORDS[l.lang].in}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="xs">
            {plural(l.searches, 'busca', 'buscas')} · {plural(l.filters, 'filtro', 'filtros')}
          </Text>
        </>
      ),
    },
    { header: 'Visitas', numeric: true, cell: (l) => formatInteger(l.visits) },
    { header: 'Buscas', numeric: true, wide: true, cell: (l) => formatInteger(l.searches) },
    { header: 'Filtros', numeric: true, wide: true, cell: (l) => formatInteger(l.filters) },
  ],
};

/** "País: Chile", "Preço: Até R$ 100"; "Por taça" has no value. */
function filterLabel({ filter, value }: MenuInsights['filters'][number]): string {
  const label = FILTER_LABELS[filter] ?? filter;
  if (filter === 'taca') return label;
  return `${label}: ${filter === 'preco' ? (PRICE_LABELS[value] ?? value) : value}`;
}

function Filters({ filters }: { filters: MenuInsights['filters'] }) {
  return (
    <Panel
      title="Filtros usados"
      description="País, uva, faixa de preço e vinhos por taça escolhidos nos filtros da carta."
      empty={filters.length === 0 ? 'Nenhum filtro usado no período.' : null}
    >
      <Group gap="xs">
        {filters.map((f) => (
          <Badge key={`${f.filter}=${f.value}`} variant="default" size="lg" radius="sm" tt="none" fw={500}>
            {filterLabel(f)} · {plural(f.uses, 'vez', 'vezes')}
          </Badge>
        ))}
      </Group>
    </Panel>
  );
}
