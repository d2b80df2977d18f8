import { Alert, Box, Button, Checkbox, Group, List, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  currentAverageMargin,
  type EngineeringReport,
  engineerMenu,
  type PriceSuggestion,
  QUADRANT_LABELS,
  type Quadrant,
  suggestPrices,
  withPrices,
} from '../../../shared/menu-engineering';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useApplyPrices, useSaveTarget } from './engineering-api';
import { money, percent, plural } from './format';
import { QuadrantMatrix } from './QuadrantMatrix';

const oneDecimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'always' });
const TARGET_HELP = 'A margem-alvo deve ser um número de 0 a 95 (%).';

/** A target the suggestions can use: a number from 0 to 95. */
const validTarget = (value: string | number): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 95 ? value : null;

function byCategory(suggestions: PriceSuggestion[]): [string, PriceSuggestion[]][] {
  const groups = new Map<string, PriceSuggestion[]>();
  for (const s of suggestions) groups.set(s.category, [...(groups.get(s.category) ?? []), s]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, 'pt-BR'));
}

/**
 * "Sugestões de preço": a price per wine for the target margin, grouped by category; the chosen ones simulated on the
 * period's sales (the new margin and matrix) before "Aplicar N preços" makes them the menu's prices.
 */
export function PriceSuggestions({ report, canUpdate }: { report: EngineeringReport; canUpdate: boolean }) {
  const average = currentAverageMargin(report.wines);
  const [target, setTarget] = useState<string | number>(report.target_margin_percent ?? '');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const saveTarget = useSaveTarget(report.menu.establishment_id, report.menu.id);
  const apply = useApplyPrices(report.menu.id);

  const targetValue = validTarget(target);
  const suggestions = targetValue === null ? [] : suggestPrices(report.wines, targetValue);
  const picked = suggestions.filter((s) => chosen.has(s.menu_wine_id));
  const setPicked = (ids: string[], on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  const save = (value: number | null) =>
    saveTarget.mutate(value, {
      onSuccess: () => notifySuccess(value === null ? 'A margem-alvo voltou a ser a média atual da carta.' : 'Margem-alvo salva.'),
      onError: (err) => notifyError(errorMessage(err, 'Não foi possível salvar a margem-alvo.')),
    });

  const confirmApply = () => {
    const label = `Aplicar ${plural(picked.length, 'preço', 'preços')}`;
    modals.openConfirmModal({
      title: `${label} à carta?`,
      centered: true,
      children: (
        <Stack gap="xs">
          <List size="sm" spacing={4}>
            {picked.map((s) => (
              <List.Item key={s.menu_wine_id}>
                {s.name}: {money(s.current_price_cents)} → <b>{money(s.suggested_price_cents)}</b>
              </List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Os novos preços valem na carta pública assim que forem aplicados.
          </Text>
        </Stack>
      ),
      labels: { confirm: label, cancel: 'Cancelar' },
      onConfirm: () =>
        apply.mutate(
          { prices: picked.map((s) => ({ menu_wine_id: s.menu_wine_id, price_cents: s.suggested_price_cents })) },
          {
            onSuccess: ({ updated }) => {
              setChosen(new Set());
              notifySuccess(`${plural(updated, 'preço aplicado', 'preços aplicados')} à carta.`);
            },
            onError: (err) => notifyError(errorMessage(err, 'Não foi possível aplicar os preços.'), 'Preços não aplicados'),
          },
        ),
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Sugestões de preço">
      <Title order={2} fz="lg">
        Sugestões de preço
      </Title>
      <Text size="xs" c="dimmed" mt={2}>
        O preço de cada garrafa para a margem-alvo sobre o custo atual, arredondado para terminar em ,
        {String(report.price_ending_cents).padStart(2, '0')} como os preços da carta, nunca abaixo do custo.
      </Text>
      <Group mt="sm" align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label="Margem-alvo (%)"
          description={
            average === null
              ? 'A carta ainda não tem vinhos com custo.'
              : `Média atual da carta: ${percent(average)}${report.target_is_default ? ' (em uso)' : ''}.`
          }
          value={target}
          onChange={setTarget}
          min={0}
          max={95}
          decimalScale={1}
          decimalSeparator=","
          allowNegative={false}
          error={target !== '' && targetValue === null ? TARGET_HELP : undefined}
          w={{ base: '100%', xs: 240 }}
        />
        {canUpdate ? (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              onClick={() => targetValue !== null && save(targetValue)}
              disabled={targetValue === null || (targetValue === report.target_margin_percent && !report.target_is_default)}
              loading={saveTarget.isPending && saveTarget.variables !== null}
            >
              Salvar margem-alvo
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setTarget(average ?? '');
                save(null);
              }}
              disabled={report.target_is_default && target === (average ?? '')}
              loading={saveTarget.isPending && saveTarget.variables === null}
            >
              Usar a média atual da carta
            </Button>
          </Group>
        ) : null}
      </Group>

      {targetValue === null ? null : suggestions.length === 0 ? (
        <Text c="dimmed" size="sm" mt="md">
          Nenhum preço a mudar: os vinhos com custo já estão na margem-alvo.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
          {byCategory(suggestions).map(([category, group]) => (
            <CategorySuggestions key={category} category={category} suggestions={group} chosen={chosen} onPick={setPicked} />
          ))}
        </SimpleGrid>
      )}

      {suggestions.length === 0 ? null : (
        <WhatIf
          report={report}
          picked={picked}
          action={
            canUpdate ? (
              <Group justify="flex-end">
                <Button leftSection={<IconCheck size={18} />} onClick={confirmApply} loading={apply.isPending}>
                  Aplicar {plural(picked.length, 'preço', 'preços')}
                </Button>
              </Group>
            ) : null
          }
        />
      )}
    </Paper>
  );
}

/** One category's suggestions, each with its checkbox, and one to choose them all. */
function CategorySuggestions({
  category,
  suggestions,
  chosen,
  onPick,
}: {
  category: string;
  suggestions: PriceSuggestion[];
  chosen: ReadonlySet<string>;
  onPick(ids: string[], on: boolean): void;
}) {
  const ids = suggestions.map((s) => s.menu_wine_id);
  const count = ids.filter((id) => chosen.has(id)).length;
  return (
    <Box component="fieldset" m={0} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, minWidth: 0 }}>
      <Box component="legend" px={4} fw={600} fz="sm">
        {category}
      </Box>
      <Stack gap="sm">
        {suggestions.length > 1 ? (
          <Checkbox
            label={`Todas de ${category}`}
            checked={count === ids.length}
            indeterminate={count > 0 && count < ids.length}
            onChange={(e) => onPick(ids, e.currentTarget.checked)}
          />
        ) : null}
        {suggestions.map((s) => {
          const up = s.suggested_price_cents > s.current_price_cents;
          return (
            <Checkbox
              key={s.menu_wine_id}
              label={s.name}
              description={
                <>
                  <span style={{ display: 'block' }}>
                    {money(s.current_price_cents)} → {money(s.suggested_price_cents)} ({up ? 'sobe' : 'desce'})
                  </span>
                  <span style={{ display: 'block' }}>
                    margem {percent(s.current_margin_percent)} → {percent(s.suggested_margin_percent)} · custo {money(s.unit_cost_cents)}
                  </span>
                </>
              }
              checked={chosen.has(s.menu_wine_id)}
              onChange={(e) => onPick([s.menu_wine_id], e.currentTarget.checked)}
              styles={{ label: { overflowWrap: 'anywhere' } }}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

/** The chosen prices on the period's sales: the new margin, the wines that change quadrant, the matrix redrawn. */
function WhatIf({ report, picked, action }: { report: EngineeringReport; picked: PriceSuggestion[]; action: ReactNode }) {
  if (picked.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt="md" role="status">
        Marque sugestões para simular a nova margem antes de aplicar.
      </Text>
    );
  }
  const prices = new Map(picked.map((s) => [s.menu_wine_id, s.suggested_price_cents]));
  const after = engineerMenu(withPrices(report.wines, prices), report.period.days);
  const before = new Map(report.wines.map((w) => [w.menu_wine_id, w.quadrant]));
  const moved = new Map<string, Quadrant>();
  for (const w of after.wines) {
    const was = before.get(w.menu_wine_id);
    if (was && w.quadrant && was !== w.quadrant) moved.set(w.menu_wine_id, was);
  }
  const now = report.totals.margin_percent;
  const then = after.totals.margin_percent;
  const change = now !== null && then !== null ? Math.round((then - now) * 10) / 10 : null;
  const movedWines = after.wines.filter((w) => moved.has(w.menu_wine_id));
  return (
    <Stack gap="sm" mt="md">
      <Alert variant="light" color="blue" title={`Simulação com ${plural(picked.length, 'preço novo', 'preços novos')}`}>
        <Stack gap={4} role="status">
          <Text size="sm">
            Margem no período: {percent(now)} → <b>{percent(then)}</b>
            {change !== null ? ` (${oneDecimal.format(change)} p.p.)` : ''}
          </Text>
          <Text size="sm">
            Receita com as mesmas vendas: {money(report.totals.revenue_cents)} → {money(after.totals.revenue_cents)}
          </Text>
          <Text size="sm">
            {moved.size === 0
              ? 'Nenhum vinho muda de quadrante.'
              : `${plural(moved.size, 'vinho muda', 'vinhos mudam')} de quadrante: ${movedWines
                  .map(
                    (w) =>
                      `${w.name} (${QUADRANT_LABELS[moved.get(w.menu_wine_id) as Quadrant]} → ${QUADRANT_LABELS[w.quadrant as Quadrant]})`,
                  )
                  .join('; ')}.`}
          </Text>
          <Text size="xs" c="dimmed">
            Nada foi salvo: a simulação usa as vendas do período com os preços escolhidos.
          </Text>
        </Stack>
      </Alert>
      {action}
      <QuadrantMatrix
        title="Matriz com os preços escolhidos"
        description="As mesmas vendas do período, com os novos preços."
        wines={after.wines}
        totals={after.totals}
        before={moved}
        headingOrder={3}
      />
    </Stack>
  );
}
