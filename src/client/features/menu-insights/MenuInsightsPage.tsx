import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../shared/analytics';
import type { MenuInsights } from '../../../shared/menu-insights';
import { establishmentListQuery } from '../../lib/shared-queries';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { formatInteger, formatPercent, fullDay, plural } from './format';
import { BusiestHoursChart, ViewsPerDayChart } from './MenuInsightsCharts';
import { useMenuInsights } from './menu-insights-api';

const parseDays = (value: string | null): AnalyticsPeriod => ANALYTICS_PERIODS.find((p) => String(p) === value) ?? ANALYTICS_DEFAULT_DAYS;
const FILTER_LABELS: Record<string, string> = { pais: 'País', uva: 'Uva', preco: 'Preço' };
const PRICE_LABELS: Record<string, string> = {
  'ate-100': 'Até R$ 100',
  '100-200': 'R$ 100 – 200',
  '200-400': 'R$ 200 – 400',
  '400-mais': 'Acima de R$ 400',
};

/** /insights — what guests do on the establishment's public menus (decision 0064): no cookies, no personal data. */
export function MenuInsightsPage() {
  const [params, setParams] = useSearchParams();
  const days = parseDays(params.get('dias'));
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
        description={`O que os clientes fazem nas cartas públicas nos últimos ${days} dias, comparado aos ${days} dias anteriores. Contado sem cookies e sem dados pessoais.`}
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
            <SegmentedControl
              aria-label="Período"
              value={String(days)}
              onChange={(value) => setParam('dias', value === String(ANALYTICS_DEFAULT_DAYS) ? null : value)}
              data={ANALYTICS_PERIODS.map((p) => ({ value: String(p), label: `${p} dias` }))}
            />
          </Group>
        }
      />
      {establishments.isSuccess && list.length === 0 ? (
        <EmptyState title="Nenhum estabelecimento">Cadastre um estabelecimento e publique uma carta para ver os insights.</EmptyState>
      ) : insights.isError || establishments.isError ? (
        <Alert color="red" title="Erro ao carregar dados" icon={<IconAlertTriangle />} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Não foi possível carregar os insights da carta.</Text>
            <Button size="xs" variant="white" color="red" onClick={() => insights.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
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
    <Stack gap="lg">
      <Text size="sm" c="dimmed" role="status">
        Carregando insights da carta...
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={104} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={280} radius="md" />
    </Stack>
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
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label="Visualizações"
          value={formatInteger(data.views.total)}
          change={data.views.change}
          previous={data.views.previous}
          days={days}
        />
        <StatCard
          label="Pelo QR Code das mesas"
          value={formatInteger(data.views.from_tables)}
          note={
            data.views.total > 0
              ? `${Math.round((data.views.from_tables / data.views.total) * 100)}% das visualizações`
              : 'Nenhuma visualização'
          }
        />
        <StatCard
          label="Buscas"
          value={formatInteger(data.searches.total)}
          change={data.searches.change}
          previous={data.searches.previous}
          days={days}
        />
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
      </SimpleGrid>
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
          <Tables tables={data.tables} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <NotFound words={data.searches.not_found} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Searches searches={data.searches.top} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Filters filters={data.filters} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Change({ change, previous, days }: { change: number | null; previous: number; days: number }) {
  if (change === null) {
    return (
      <Text size="xs" c="dimmed">
        {previous === 0 ? `Sem base de comparação (0 nos ${days} dias anteriores)` : ''}
      </Text>
    );
  }
  const colour = change === 0 ? 'gray' : change > 0 ? 'teal' : 'red';
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        style={{ flexShrink: 0 }}
        color={colour}
        variant="light"
        leftSection={change > 0 ? <IconArrowUpRight size={12} /> : change < 0 ? <IconArrowDownRight size={12} /> : null}
      >
        {formatPercent(change)}
      </Badge>
      <Text size="xs" c="dimmed">
        vs. {formatInteger(previous)} nos {days} dias anteriores
      </Text>
    </Group>
  );
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
    <Badge color={change === 0 ? 'gray' : change > 0 ? 'teal' : 'red'} variant="light" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatPercent(change)}
    </Badge>
  );
}

function StatCard(props: { label: string; value: string; change?: number | null; previous?: number; days?: number; note?: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={props.label}>
      <Text size="sm" c="dimmed" fw={500}>
        {props.label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid="stat-value">
        {props.value}
      </Text>
      <div style={{ marginTop: 4 }}>
        {props.note !== undefined ? (
          <Text size="xs" c="dimmed">
            {props.note}
          </Text>
        ) : (
          <Change change={props.change ?? null} previous={props.previous ?? 0} days={props.days ?? 0} />
        )}
      </div>
    </Paper>
  );
}

function Panel({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" h="100%" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {description ? (
        <Text size="xs" c="dimmed" mt={2}>
          {description}
        </Text>
      ) : null}
      <div style={{ marginTop: 12 }}>{children}</div>
    </Paper>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}

function OpenedWines({ wines }: { wines: MenuInsights['opened_wines'] }) {
  const withCellar = wines.some((w) => w.cellar_count !== null);
  return (
    <Panel title="Vinhos mais abertos" description="Quantas vezes cada vinho foi aberto na carta, ao lado da disponibilidade.">
      {wines.length === 0 ? (
        <Empty>Nenhum vinho aberto no período.</Empty>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vinho</Table.Th>
              <Table.Th visibleFrom="xs">Situação</Table.Th>
              {withCellar ? <Table.Th ta="right">Adega</Table.Th> : null}
              <Table.Th ta="right">Aberturas</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                Variação
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {wines.map((w) => (
              <Table.Tr key={w.wine_id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
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
                </Table.Td>
                <Table.Td visibleFrom="xs">
                  <Availability available={w.available} />
                </Table.Td>
                {withCellar ? <Table.Td ta="right">{w.cellar_count === null ? '—' : formatInteger(w.cellar_count)}</Table.Td> : null}
                <Table.Td ta="right">{formatInteger(w.opens)}</Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  <ChangeCell change={w.change} previous={w.previous} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

function Availability({ available }: { available: boolean }) {
  return (
    <Badge color={available ? 'teal' : 'gray'} variant="light" size="sm">
      {available ? 'Disponível' : 'Indisponível'}
    </Badge>
  );
}

function Tables({ tables }: { tables: MenuInsights['tables'] }) {
  return (
    <Panel title="Leituras por mesa" description="Visualizações pelo QR Code de cada mesa (?mesa=N).">
      {tables.length === 0 ? (
        <Empty>Nenhuma leitura de QR Code de mesa no período.</Empty>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mesa</Table.Th>
              <Table.Th ta="right">Visualizações</Table.Th>
              <Table.Th ta="right">Variação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tables.map((t) => (
              <Table.Tr key={t.table}>
                <Table.Td fw={500}>Mesa {t.table}</Table.Td>
                <Table.Td ta="right">{formatInteger(t.views)}</Table.Td>
                <Table.Td ta="right">
                  <ChangeCell change={t.change} previous={t.previous} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

function NotFound({ words }: { words: MenuInsights['searches']['not_found'] }) {
  return (
    <Panel title="Procurados e não encontrados" description="Buscas dos clientes que não encontraram nenhum vinho na carta.">
      {words.length === 0 ? (
        <Empty>Toda busca do período encontrou algum vinho.</Empty>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Busca</Table.Th>
              <Table.Th ta="right">Vezes</Table.Th>
              <Table.Th ta="right">Variação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {words.map((s) => (
              <Table.Tr key={s.words}>
                <Table.Td style={{ overflowWrap: 'anywhere' }} fw={500}>
                  {s.words}
                </Table.Td>
                <Table.Td ta="right">{formatInteger(s.searches)}</Table.Td>
                <Table.Td ta="right">
                  <ChangeCell change={s.change} previous={s.previous} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

function Searches({ searches }: { searches: MenuInsights['searches']['top'] }) {
  return (
    <Panel title="Mais buscados" description="As palavras buscadas, como o servidor as compara: sem acentos e em minúsculas.">
      {searches.length === 0 ? (
        <Empty>Nenhuma busca no período.</Empty>
      ) : (
        <Table verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Busca</Table.Th>
              <Table.Th ta="right">Vezes</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                Encontrou
              </Table.Th>
              <Table.Th ta="right">Variação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {searches.map((s) => (
              <Table.Tr key={s.words}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={500}>
                    {s.words}
                  </Text>
                  <Text size="xs" c="dimmed" hiddenFrom="xs">
                    {plural(s.found, 'vinho encontrado', 'vinhos encontrados')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatInteger(s.searches)}</Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {plural(s.found, 'vinho', 'vinhos')}
                </Table.Td>
                <Table.Td ta="right">
                  <ChangeCell change={s.change} previous={s.previous} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Panel>
  );
}

function Filters({ filters }: { filters: MenuInsights['filters'] }) {
  return (
    <Panel title="Filtros usados" description="País, uva e faixa de preço escolhidos nos filtros da carta.">
      {filters.length === 0 ? (
        <Empty>Nenhum filtro usado no período.</Empty>
      ) : (
        <Group gap="xs">
          {filters.map((f) => (
            <Badge key={`${f.filter}=${f.value}`} variant="default" size="lg" radius="sm" tt="none" fw={500}>
              {FILTER_LABELS[f.filter] ?? f.filter}: {f.filter === 'preco' ? (PRICE_LABELS[f.value] ?? f.value) : f.value} ·{' '}
              {plural(f.uses, 'vez', 'vezes')}
            </Badge>
          ))}
        </Group>
      )}
    </Panel>
  );
}
