/**
 * A first draft of a wine's description in a guest language, assembled without any network from the fixed vocabulary
 * and the wine's structured fields (style, region, country, grape): "Red wine from Mendoza, Argentina, made from
 * Malbec." Always stored as a draft: a person reviews it before the language can reach guests.
 */
import { guestMessages } from './catalogue.js';

export interface DraftSource {
  wine_style: string | null;
  region: string | null;
  country: string | null;
  grape_variety: string | null;
}

export function draftDescription(lang: 'en' | 'es', wine: DraftSource): string {
  const m = guestMessages(lang);
  const style = wine.wine_style?.trim() ? m.style(wine.wine_style.trim()) : '';
  const place = [wine.region?.trim(), wine.country?.trim() ? m.country(wine.country.trim()) : ''].filter(Boolean).join(', ');
  const grape = wine.grape_variety?.trim() ?? '';
  if (lang === 'en') {
    const head = style ? `${style} wine` : 'Wine';
    return `${head}${place ? ` from ${place}` : ''}${grape ? `, made from ${grape}` : ''}.`;
  }
  const head = style ? `Vino ${style.toLowerCase()}` : 'Vino';
  return `${head}${place ? ` de ${place}` : ''}${grape ? `, elaborado con ${grape}` : ''}.`;
}
