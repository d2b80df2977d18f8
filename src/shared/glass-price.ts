/**
 * What a guest can buy of a wine sold by the glass, and the input that would contradict it (issue 27, decision
 * 0081). A sommelier's reading:
 * - A bottle that pours one glass (a 187 ml "split") is sold whole: one thing to buy, one price, the bottle's. A
 *   typed glass price other than the bottle's, or a glass markup, would give it two prices: refused.
 * - A bottle that pours more glasses sells each for less than the whole bottle: a glass price (typed, or computed
 *   with its markup) at or above the bottle's is refused.
 */
import { effectiveGlassPrice } from './cellar.js';
import { formatBRL, toCents } from './money.js';

export interface GlassPricing {
  by_the_glass: boolean;
  price: number | string;
  /** As typed; null (or '') when computed from the bottle's. */
  glass_price: number | string | null;
  glass_doses: number;
  glass_markup_percent: number | string | null;
}

export interface GlassPriceRefusal {
  field: 'glass_price' | 'glass_markup_percent';
  message: string;
}

const typed = (value: number | string | null) => value !== null && value !== '';

/** Why these glass settings contradict each other, or null when they hold. */
export function glassPriceRefusal(wine: GlassPricing): GlassPriceRefusal | null {
  if (!wine.by_the_glass) return null;
  const bottle = toCents(wine.price);
  if (wine.glass_doses <= 1) {
    if (typed(wine.glass_price) && toCents(wine.glass_price as number | string) !== bottle) {
      return {
        field: 'glass_price',
        message: `Uma garrafa que serve uma só taça é vendida inteira, por um preço só: deixe o preço da taça em branco (vale o da garrafa, ${formatBRL(wine.price)}).`,
      };
    }
    if (Number(wine.glass_markup_percent ?? 0) > 0) {
      return {
        field: 'glass_markup_percent',
        message: 'Uma garrafa que serve uma só taça é vendida inteira, pelo preço da garrafa: deixe o acréscimo da taça em branco.',
      };
    }
    return null;
  }
  const glass = effectiveGlassPrice(wine);
  if (toCents(glass) < bottle) return null;
  return {
    field: typed(wine.glass_price) ? 'glass_price' : 'glass_markup_percent',
    message: `A taça (${formatBRL(glass)}) deve custar menos que a garrafa (${formatBRL(wine.price)}), que serve ${wine.glass_doses} taças.`,
  };
}
