import { type ReorderGroup, type ReorderSuggestion, reorderQuantity } from '../../../shared/cellar.js';
import { centsToDecimal, toCents } from '../../../shared/money.js';
import type { CellarItemListRow } from './repository.js';

const byName = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * What to order, per supplier (the last one that delivered each wine; wines no supplier delivered form a group of
 * their own, last): the items at or below par, enough bottles to reach par in whole cases, at the last unit cost.
 * Totals in integer cents.
 */
export function reorderSuggestion(items: readonly CellarItemListRow[]): ReorderSuggestion {
  const groups = new Map<string | null, { group: ReorderGroup; cents: number }>();
  for (const item of items) {
    const quantity = reorderQuantity(item.onHand, item.parLevel, item.caseSize);
    if (quantity === 0) continue;
    const unitCents = item.lastUnitCost === null ? null : toCents(item.lastUnitCost);
    const key = item.lastSupplierId;
    let entry = groups.get(key);
    if (!entry) {
      entry = {
        group: { supplier_id: key, supplier_name: key ? item.lastSupplierName : null, items: [], estimated_total: '0.00' },
        cents: 0,
      };
      groups.set(key, entry);
    }
    const lineCents = unitCents === null ? null : unitCents * quantity;
    entry.cents += lineCents ?? 0;
    entry.group.items.push({
      cellar_item_id: item.id,
      catalog_wine_id: item.catalogWineId,
      name: item.name,
      on_hand: item.onHand,
      par_level: item.parLevel,
      case_size: item.caseSize,
      quantity,
      last_unit_cost: unitCents === null ? null : centsToDecimal(unitCents),
      line_total: lineCents === null ? null : centsToDecimal(lineCents),
    });
  }
  const result = [...groups.values()].map(({ group, cents }) => ({
    ...group,
    items: group.items.sort((a, b) => byName.compare(a.name, b.name)),
    estimated_total: centsToDecimal(cents),
  }));
  result.sort((a, b) => {
    if (a.supplier_id === null || b.supplier_id === null) return a.supplier_id === null ? 1 : -1;
    return byName.compare(a.supplier_name ?? '', b.supplier_name ?? '');
  });
  return { groups: result };
}
