import { Badge, Box, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import {
  type EngineeringTotals,
  type EngineeringWine,
  QUADRANT_ADVICE,
  QUADRANT_LABELS,
  QUADRANTS,
  type Quadrant,
} from '../../../shared/menu-engineering';
import { Panel } from '../../ui/dashboard/Panel';
import { money, plural, QUADRANT_COLOURS, share } from './format';
import type { MatrixPoint } from './MatrixChart';

const MatrixChart = lazy(() => import('./MatrixChart').then((m) => ({ default: m.MatrixChart })));

/** The chart needs room: below 768 px the matrix is a list grouped by quadrant. */
const WIDE = '(min-width: 48em)';

export function QuadrantBadge({ quadrant }: { quadrant: Quadrant }) {
  return (
    <Badge color={QUADRANT_COLOURS[quadrant].badge} variant="light" size="sm" tt="none" style={{ flexShrink: 0 }}>
      {QUADRANT_LABELS[quadrant]}
    </Badge>
  );
}

type Classified = EngineeringWine & { quadrant: Quadrant };
const classified = (wines: EngineeringWine[]) => wines.filter((w): w is Classified => w.quadrant !== null);

/** "45,5% das vendas · R$ 120,00 por garrafa". */
const figures = (w: EngineeringWine) => `${share(w.popularity_share)} das vendas · ${money(w.unit_margin_cents)} por garrafa`;

/**
 * The popularity × margin matrix of `wines`: a scatter chart at tablet widths and up (hidden from screen readers, a
 * hidden table says the same), a list grouped by quadrant on phones. `before` marks the wines the what-if moved.
 */
export function QuadrantMatrix({
  title,
  description,
  wines,
  totals,
  before,
  headingOrder = 2,
}: {
  title: string;
  description?: string;
  wines: EngineeringWine[];
  totals: EngineeringTotals;
  /** The quadrant each wine was in before the what-if (only the ones that moved). */
  before?: ReadonlyMap<string, Quadrant>;
  headingOrder?: 2 | 3;
}) {
  const wide = useMediaQuery(WIDE, true, { getInitialValueInEffect: false });
  const shown = classified(wines);
  return (
    <Panel
      title={title}
      description={description}
      empty={shown.length === 0 ? 'Nenhum vinho com vendas e custo no período: a matriz precisa dos dois.' : null}
      order={headingOrder}
    >
      {wide ? (
        <>
          <Box aria-hidden="true" style={{ position: 'relative', height: 380, contain: 'inline-size' }}>
            <Suspense fallback={<Skeleton h={380} radius="md" />}>
              <MatrixChart points={shown.map((w) => pointOf(w, before))} lines={linesOf(totals)} />
            </Suspense>
          </Box>
          <Legend totals={totals} moved={(before?.size ?? 0) > 0} />
          <VisuallyHidden>
            <MatrixTable title={title} wines={shown} before={before} />
          </VisuallyHidden>
        </>
      ) : (
        <QuadrantList wines={shown} before={before} headingOrder={headingOrder === 2 ? 3 : 4} />
      )}
    </Panel>
  );
}

const pointOf = (w: Classified, before?: ReadonlyMap<string, Quadrant>): MatrixPoint => ({
  x: (w.popularity_share ?? 0) * 100,
  y: (w.unit_margin_cents ?? 0) / 100,
  name: w.name,
  quadrant: w.quadrant,
  moved: before?.has(w.menu_wine_id) ?? false,
});

const linesOf = (totals: EngineeringTotals) => ({
  x: (totals.popularity_threshold ?? 0) * 100,
  y: (totals.average_unit_margin_cents ?? 0) / 100,
});

/** Under the chart: each quadrant's colour, name and advice, and where the lines are. */
function Legend({ totals, moved }: { totals: EngineeringTotals; moved: boolean }) {
  return (
    <Stack gap="xs" mt="sm">
      <Text size="xs" c="dimmed">
        Linhas tracejadas: popularidade mínima de {share(totals.popularity_threshold)} das garrafas vendidas (70% de uma divisão igual) e
        margem média de {money(totals.average_unit_margin_cents)} por garrafa.
        {moved ? ' Contorno escuro: o vinho muda de quadrante com os novos preços.' : ''}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" verticalSpacing="xs">
        {QUADRANTS.map((q) => (
          <Group key={q} gap="xs" wrap="nowrap" align="flex-start">
            <QuadrantBadge quadrant={q} />
            <Text size="xs">{QUADRANT_ADVICE[q]}</Text>
          </Group>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** What the chart shows, for screen readers. */
function MatrixTable({ title, wines, before }: { title: string; wines: Classified[]; before?: ReadonlyMap<string, Quadrant> }) {
  return (
    <Table>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th>Vinho</th>
          <th>Quadrante</th>
          <th>Popularidade</th>
          <th>Margem por garrafa</th>
        </tr>
      </thead>
      <tbody>
        {wines.map((w) => {
          const was = before?.get(w.menu_wine_id);
          return (
            <tr key={w.menu_wine_id}>
              <td>{w.name}</td>
              <td>
                {QUADRANT_LABELS[w.quadrant]}
                {was ? ` (antes: ${QUADRANT_LABELS[was]})` : ''}
              </td>
              <td>{share(w.popularity_share)}</td>
              <td>{money(w.unit_margin_cents)}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The matrix on a phone: each quadrant's name, advice and wines. */
function QuadrantList({
  wines,
  before,
  headingOrder,
}: {
  wines: Classified[];
  before?: ReadonlyMap<string, Quadrant>;
  headingOrder: 3 | 4;
}) {
  return (
    <Stack gap="md">
      {QUADRANTS.map((q) => {
        const mine = wines.filter((w) => w.quadrant === q).sort((a, b) => (b.popularity_share ?? 0) - (a.popularity_share ?? 0));
        return (
          <Box
            key={q}
            component="section"
            aria-label={QUADRANT_LABELS[q]}
            pl="sm"
            style={{ borderLeft: `4px solid ${QUADRANT_COLOURS[q].chart}` }}
          >
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Title order={headingOrder} fz="md">
                {QUADRANT_LABELS[q]}
              </Title>
              <Text size="xs" c="dimmed">
                {plural(mine.length, 'vinho', 'vinhos')}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {QUADRANT_ADVICE[q]}
            </Text>
            {mine.length > 0 ? (
              <Box component="ul" m={0} mt={6} p={0} style={{ listStyle: 'none' }}>
                {mine.map((w) => {
                  const was = before?.get(w.menu_wine_id);
                  return (
                    <Box component="li" key={w.menu_wine_id} py={4}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {w.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {figures(w)}
                        {was ? ` · antes: ${QUADRANT_LABELS[was]}` : ''}
                      </Text>
                    </Box>
                  );
                })}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
