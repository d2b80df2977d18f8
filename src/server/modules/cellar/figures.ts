import { type CellarFigure, type CellarFigures, DEFAULT_GLASS_DOSES, IDLE_DAYS } from '../../../shared/cellar.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import type { CellarItemListRow, LinkedMenuWineRow } from './repository.js';

const DAY_MS = 86_400_000;
const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

export interface FigureMovement {
  cellarItemId: string;
  reason: string;
  delta: number;
  bottleDoses: number | null;
  createdAt: Date;
}

/**
 * The cellar screen's period figures. Bottles sold: bottle sales plus one glass per glass sale, each 1/bottle_doses
 * of a bottle. Days of cover: the stock (whole bottles plus the open bottle's share) at the period's daily pace.
 * Margin: the lowest bottle price among the linked menu wines against the last unit cost.
 */
export function cellarFigures(input: {
  items: readonly CellarItemListRow[];
  linked: readonly LinkedMenuWineRow[];
  movements: readonly FigureMovement[];
  days: number;
  now: Date;
}): CellarFigures {
  const { items, linked, movements, days, now } = input;
  const from = new Date(now.getTime() - days * DAY_MS);
  const sold = new Map<string, number>();
  for (const m of movements) {
    if (m.createdAt < from || m.createdAt > now) continue;
    const bottles = m.reason === 'sale' ? -m.delta : m.reason === 'glass_sale' ? 1 / (m.bottleDoses ?? DEFAULT_GLASS_DOSES) : 0;
    if (bottles) sold.set(m.cellarItemId, (sold.get(m.cellarItemId) ?? 0) + bottles);
  }

  const wines: CellarFigure[] = items.map((item) => {
    const menu = linked.filter((w) => w.cellarItemId === item.id);
    const bottlesSold = sold.get(item.id) ?? 0;
    const doses = menu.find((w) => w.byTheGlass)?.glassDoses ?? DEFAULT_GLASS_DOSES;
    const stock = item.onHand + item.openBottleDoses / doses;
    const priceCents = menu.length ? Math.min(...menu.map((w) => toCents(w.price))) : null;
    const costCents = item.lastUnitCost === null ? null : toCents(item.lastUnitCost);
    const marginCents = priceCents !== null && costCents !== null ? priceCents - costCents : null;
    return {
      cellar_item_id: item.id,
      name: item.name,
      on_hand: item.onHand,
      bottles_sold: round(bottlesSold, 2),
      days_of_cover: bottlesSold > 0 ? round(stock / (bottlesSold / days), 1) : null,
      menu_price: priceCents === null ? null : centsToDecimal(priceCents),
      last_unit_cost: costCents === null ? null : centsToDecimal(costCents),
      margin: marginCents === null ? null : centsToDecimal(marginCents),
      margin_percent: marginCents !== null && priceCents ? round((marginCents / priceCents) * 100, 1) : null,
    };
  });
  wines.sort((a, b) => b.bottles_sold - a.bottles_sold || byName.compare(a.name, b.name));

  const idleSince = now.getTime() - IDLE_DAYS * DAY_MS;
  const idle = items
    .filter((item) => item.onHand > 0 || item.openBottleDoses > 0)
    .map((item) => ({ item, last: item.lastMovementAt ?? item.createdAt }))
    .filter(({ last }) => last.getTime() < idleSince)
    .sort((a, b) => a.last.getTime() - b.last.getTime())
    .map(({ item, last }) => ({ cellar_item_id: item.id, name: item.name, on_hand: item.onHand, last_movement_at: last.toISOString() }));

  return { days, from: from.toISOString(), to: now.toISOString(), wines, idle };
}
