/**
 * How guests read the stored menu categories (SPEC §9 keeps them as specified, e.g. "Vinhos Brancos Médio"):
 * correct Portuguese in sentence case, one label for both the section heading and its chip.
 */
import type { WineCategory } from './wine-vocabulary.js';

export const CATEGORY_LABELS: Record<WineCategory, string> = {
  Espumantes: 'Espumantes',
  'Vinhos Brancos Leves': 'Brancos leves',
  'Vinhos Brancos Médio': 'Brancos médios',
  'Vinho Branco Complexo': 'Brancos complexos',
  'Vinho Rosé': 'Rosés',
  'Vinhos Tintos Leves': 'Tintos leves',
  'Vinhos Tintos Médios': 'Tintos médios',
  'Vinhos Tintos Encorpados': 'Tintos encorpados',
  'Vinhos Meia Garrafa (375ml)': 'Meias garrafas',
  'Vinhos em Taça (187ml)': 'Em taça',
};

/** The guest label of a category; a category outside the vocabulary is shown as stored. */
export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}
