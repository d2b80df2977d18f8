/**
 * How guests read the stored menu categories (SPEC §9 keeps them as specified, e.g. "Vinhos Brancos Médio"):
 * correct Portuguese in sentence case, one label for both the section heading and its chip. The labels live in the
 * guest catalogue (guest-i18n/pt-BR.ts) beside their English and Spanish ones.
 */
import { ptBR } from './guest-i18n/pt-BR.js';
import type { WineCategory } from './wine-vocabulary.js';

export const CATEGORY_LABELS: Record<WineCategory, string> = ptBR.categories;

/** The guest label of a category; a category outside the vocabulary is shown as stored. */
export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}
