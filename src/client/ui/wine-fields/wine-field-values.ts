/** The fields a catalogue wine and a menu wine have in common, as their forms hold them. */
export interface WineFieldValues {
  country?: string | null;
  wine_style?: string | null;
  alcohol_content?: string | null;
  color?: string | null;
  aroma?: string | null;
  palate?: string | null;
  pairing?: string | null;
  image_url?: string | null;
}

/** The optional texts that a catalogue wine and a menu wine both have, edited as '' when empty, by form section. */
const ORIGIN_TEXTS = ['producer', 'vintage', 'region'] as const;
const TECHNICAL_TEXTS = ['wine_style', 'grape_variety', 'alcohol_content'] as const;
export const SENSORY_TEXTS = ['color', 'aroma', 'palate', 'pairing'] as const;
export const WINE_TEXT_FIELDS = ['description', ...ORIGIN_TEXTS, ...TECHNICAL_TEXTS, ...SENSORY_TEXTS] as const;
