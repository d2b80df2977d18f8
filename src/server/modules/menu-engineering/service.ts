import {
  currentAverageMargin,
  type EngineeringQuery,
  type EngineeringReport,
  type EngineeringSource,
  engineerMenu,
  glassPriceCents,
  periodOf,
  priceEnding,
  suggestPrices,
} from '../../../shared/menu-engineering.js';
import { notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller, coversEstablishment } from '../../core/caller.js';
import type { Db } from '../../db/client.js';
import { recordWrite } from '../audit/index.js';
import { findVisibleEstablishment } from '../establishments/index.js';
import * as repo from './repository.js';

const MENU_NOT_FOUND = 'Carta não encontrada.';
const ESTABLISHMENT_NOT_FOUND = 'Estabelecimento não encontrado.';

/** São Paulo is UTC-3 all year since 2019: a calendar day starts at 03:00 UTC. */
const spanOf = (from: string, to: string): repo.Span => ({
  from: new Date(`${from}T00:00:00-03:00`),
  to: new Date(new Date(`${to}T00:00:00-03:00`).getTime() + 86_400_000),
});

/** Each menu wine's period: its sales valued at the price each had when sold, costs, opens, counts. */
async function sourcesOf(db: Db, menuId: string, span: repo.Span): Promise<EngineeringSource[]> {
  const [wines, sold, opens] = await Promise.all([
    repo.menuWinesNow(db, menuId),
    repo.salesByPrice(db, menuId, span),
    repo.opensByWine(db, menuId, span),
  ]);
  const itemIds = [...new Set(wines.flatMap((w) => (w.cellarItemId ? [w.cellarItemId] : [])))];
  const available = await repo.availableBottles(db, itemIds, span);
  const soldByWine = new Map<string, repo.SoldAtPrice[]>();
  for (const s of sold) {
    const spans = soldByWine.get(s.menuWineId);
    if (spans) spans.push(s);
    else soldByWine.set(s.menuWineId, [s]);
  }
  return wines.map((w) => {
    const spans = soldByWine.get(w.id) ?? [];
    const sum = (pick: (s: repo.SoldAtPrice) => number) => spans.reduce((n, s) => n + pick(s), 0);
    const bottles = sum((s) => s.bottles);
    const glasses = sum((s) => s.glasses);
    const costKnown = spans.every((s) => s.withoutCost === 0);
    return {
      menu_wine_id: w.id,
      name: w.name,
      category: w.category,
      cellar_item_id: w.cellarItemId,
      pricing: w.pricing,
      bottles_sold: bottles,
      glasses_sold: glasses,
      bottle_revenue_cents: sum((s) => s.bottles * s.pricing.price_cents),
      glass_revenue_cents: sum((s) => s.glasses * (glassPriceCents(s.pricing) ?? s.pricing.price_cents)),
      bottle_cost_cents: costKnown ? sum((s) => s.bottleCost ?? 0) : null,
      glass_cost_cents: costKnown ? sum((s) => s.glassCost ?? 0) : null,
      unit_cost_cents: w.unitCostCents,
      on_hand: w.onHand,
      available_bottles: w.cellarItemId ? (available.get(w.cellarItemId) ?? 0) : 0,
      opens: opens.get(w.id) ?? 0,
    };
  });
}

export function createMenuEngineeringService({ db }: { db: Db }) {
  async function visibleMenu(caller: Caller, menuId: string) {
    const menu = await repo.findMenu(db, menuId);
    if (!menu || !coversEstablishment(caller, 'menus', 'read', menu.establishmentId)) throw notFound(MENU_NOT_FOUND);
    return menu;
  }

  return {
    async report(caller: Caller, menuId: string, query: EngineeringQuery): Promise<EngineeringReport> {
      const menu = await visibleMenu(caller, menuId);
      const period = periodOf(query);
      const [sources, deadStock, setTarget] = await Promise.all([
        sourcesOf(db, menuId, spanOf(period.from, period.to)),
        repo.deadStock(db, menu.establishmentId),
        repo.targetMargin(db, menu.establishmentId),
      ]);
      const { wines, totals } = engineerMenu(sources, period.days);
      const target = setTarget ?? currentAverageMargin(sources);
      return {
        menu: { id: menu.id, name: menu.name, establishment_id: menu.establishmentId },
        period,
        wines,
        totals,
        dead_stock: deadStock.map((d) => ({
          cellar_item_id: d.id,
          name: d.name,
          on_hand: d.onHand,
          capital_cents: d.unitCostCents === null ? null : d.onHand * d.unitCostCents,
          last_sale_at: d.lastSaleAt?.toISOString() ?? null,
        })),
        target_margin_percent: target,
        target_is_default: setTarget === null,
        price_ending_cents: priceEnding(sources.map((s) => s.pricing.price_cents)),
        suggestions: target === null ? [] : suggestPrices(sources, target),
      };
    },

    /** The margin an establishment aims at; null returns it to the menu's current average. */
    async setTarget(caller: Caller, establishmentId: string, target: number | null): Promise<{ target_margin_percent: number | null }> {
      await findVisibleEstablishment(db, caller, establishmentId);
      assertEstablishmentAccess(caller, 'menus', 'update', establishmentId, ESTABLISHMENT_NOT_FOUND);
      await db.transaction(async (tx) => {
        const before = await repo.setTargetMargin(tx, establishmentId, target);
        await recordWrite(tx, caller, {
          kind: 'establishment',
          id: establishmentId,
          action: 'update',
          establishmentId,
          extra: [{ field: 'targetMarginPercent', old: before, new: target }],
        });
      });
      return { target_margin_percent: target };
    },
  };
}

export type MenuEngineeringService = ReturnType<typeof createMenuEngineeringService>;
