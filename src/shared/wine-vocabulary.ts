/** Fixed vocabularies of the wine list (docs/product.md §5), in the order guests and forms show them. */

export const WINE_CATEGORIES = [
  'Espumantes',
  'Vinhos Brancos Leves',
  'Vinhos Brancos Médio',
  'Vinho Branco Complexo',
  'Vinho Rosé',
  'Vinhos Tintos Leves',
  'Vinhos Tintos Médios',
  'Vinhos Tintos Encorpados',
  'Vinhos Meia Garrafa (375ml)',
  'Vinhos em Taça (187ml)',
] as const;
export type WineCategory = (typeof WINE_CATEGORIES)[number];

export const WINE_COUNTRIES = ['Brasil', 'Argentina', 'Chile', 'Espanha', 'Portugal', 'França', 'Itália', 'Estados Unidos'] as const;
export type WineCountry = (typeof WINE_COUNTRIES)[number];

export const COUNTRY_FLAGS: Record<string, string> = {
  Brasil: '🇧🇷',
  Argentina: '🇦🇷',
  Chile: '🇨🇱',
  Espanha: '🇪🇸',
  Portugal: '🇵🇹',
  França: '🇫🇷',
  Itália: '🇮🇹',
  'Estados Unidos': '🇺🇸',
};

export const WINE_VOLUMES = ['187ml', '375ml', '750ml', '1500ml'] as const;
export const DEFAULT_WINE_VOLUME = '750ml';

export const WINE_STYLES = ['Tinto', 'Branco', 'Rosé', 'Espumante', 'Laranja', 'Sobremesa', 'Fortificado'] as const;
export type WineStyle = (typeof WINE_STYLES)[number];
