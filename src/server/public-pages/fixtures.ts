/** Test and sample fixtures for the public pages (used by the *.test.tsx files beside them). */
import type {
  PublicEstablishment,
  PublicEstablishmentResponse,
  PublicMenuResponse,
  PublicMenuSummary,
  PublicMenuWine,
} from '../../shared/public-menu.js';

let seq = 0;
function nextId(prefix: string): string {
  seq += 1;
  return `${prefix}-${seq.toString().padStart(4, '0')}`;
}

export function makeEstablishment(overrides: Partial<PublicEstablishment> = {}): PublicEstablishment {
  return {
    id: nextId('est'),
    name: 'Bistrô da Vinha',
    slug: 'bistro-da-vinha',
    description: 'Cozinha de bistrô e uma adega com rótulos do Novo e do Velho Mundo.',
    address: 'Rua Oscar Freire, 1200 — Jardins, São Paulo/SP',
    phone: '(11) 3456-7890',
    email: 'contato@bistrodavinha.com.br',
    website: 'https://www.bistrodavinha.com.br',
    sommelier: 'Ana Beatriz Moraes',
    logo: '/uploads/logos/bistro.png',
    ...overrides,
  };
}

export function makeWine(overrides: Partial<PublicMenuWine> = {}): PublicMenuWine {
  return {
    id: nextId('wine'),
    name: 'Catena Malbec',
    description: 'Fruta negra madura, toque de violeta e final macio.',
    price: 189.9,
    category: 'Vinhos Tintos Médios',
    country: 'Argentina',
    region: 'Mendoza',
    producer: 'Catena Zapata',
    vintage: 2021,
    wine_style: 'Tinto',
    grape_variety: 'Malbec',
    alcohol_content: '13.5%',
    volume: '750ml',
    aging: '12 meses em barricas de carvalho francês',
    color: 'Rubi profundo com reflexos violáceos',
    aroma: 'Ameixa, amora, violeta e baunilha',
    palate: 'Taninos macios, acidez equilibrada, final persistente',
    pairing: 'Carnes grelhadas, cordeiro e queijos curados',
    image_url: null,
    available: true,
    glass_price: null,
    stock: null,
    ...overrides,
  };
}

export function makeMenuResponse(
  wines: PublicMenuWine[],
  overrides: { menu?: Partial<PublicMenuResponse['menu']>; establishment?: Partial<PublicEstablishment> } = {},
): PublicMenuResponse {
  const establishment = makeEstablishment(overrides.establishment);
  return {
    establishment,
    menu: {
      id: nextId('menu'),
      name: 'Carta de Vinhos',
      description: 'Seleção da casa, renovada a cada estação.',
      slug: 'carta-de-vinhos',
      establishment_id: establishment.id,
      wines,
      ...overrides.menu,
    },
  };
}

export function makeMenuSummary(overrides: Partial<PublicMenuSummary> = {}): PublicMenuSummary {
  return {
    id: nextId('menu'),
    name: 'Carta de Vinhos',
    description: 'Seleção da casa, renovada a cada estação.',
    slug: 'carta-de-vinhos',
    wine_count: 45,
    ...overrides,
  };
}

export function makeEstablishmentResponse(
  menus: PublicMenuSummary[],
  establishment: Partial<PublicEstablishment> = {},
): PublicEstablishmentResponse {
  return { establishment: makeEstablishment(establishment), menus };
}

type SampleRow = [name: string, country: string, grape: string, price: number, style?: string];

const SAMPLE: Record<string, SampleRow[]> = {
  Espumantes: [
    ['Cave Geisse Brut', 'Brasil', 'Chardonnay, Pinot Noir', 169],
    ['Chandon Réserve Brut', 'Brasil', 'Chardonnay, Pinot Noir, Riesling Itálico', 119],
    ['Moët & Chandon Impérial', 'França', 'Pinot Noir, Chardonnay, Pinot Meunier', 590],
    ['Ferrari Trento Brut', 'Itália', 'Chardonnay', 320],
    ['Juvé & Camps Cava Reserva', 'Espanha', 'Macabeo, Xarel·lo, Parellada', 210],
  ],
  'Vinhos Brancos Leves': [
    ['Casa Valduga Sauvignon Blanc', 'Brasil', 'Sauvignon Blanc', 98],
    ['Quinta da Aveleda Vinho Verde', 'Portugal', 'Loureiro, Alvarinho', 89],
    ['Santa Rita 120 Sauvignon Blanc', 'Chile', 'Sauvignon Blanc', 72],
    ['Martín Códax Albariño', 'Espanha', 'Albariño', 178],
    ['Soalheiro Alvarinho', 'Portugal', 'Alvarinho', 215],
  ],
  'Vinhos Brancos Médio': [
    ['Trapiche Reserva Chardonnay', 'Argentina', 'Chardonnay', 115],
    ['Pizzato Chardonnay', 'Brasil', 'Chardonnay', 142],
    ['Esporão Reserva Branco', 'Portugal', 'Antão Vaz, Arinto, Roupeiro', 238],
    ['Kim Crawford Sauvignon Blanc', 'Estados Unidos', 'Sauvignon Blanc', 199],
  ],
  'Vinho Branco Complexo': [
    ['Louis Jadot Meursault', 'França', 'Chardonnay', 980],
    ['Catena Alta Chardonnay', 'Argentina', 'Chardonnay', 420],
    ['Robert Mondavi Fumé Blanc', 'Estados Unidos', 'Sauvignon Blanc', 365],
    ['Errázuriz Max Reserva Chardonnay', 'Chile', 'Chardonnay', 185],
  ],
  'Vinho Rosé': [
    ['Whispering Angel', 'França', 'Grenache, Cinsault, Rolle', 289],
    ['Miolo Seleção Rosé', 'Brasil', 'Cabernet Sauvignon, Tempranillo', 79],
    ['Mateus Rosé', 'Portugal', 'Baga, Touriga Nacional', 69],
    ['Casillero del Diablo Rosé', 'Chile', 'Syrah', 82],
  ],
  'Vinhos Tintos Leves': [
    ['Louis Latour Bourgogne Pinot Noir', 'França', 'Pinot Noir', 265],
    ['Salton Intenso Pinot Noir', 'Brasil', 'Pinot Noir', 95],
    ['Georges Duboeuf Beaujolais', 'França', 'Gamay', 149],
    ['Cono Sur Bicicleta Pinot Noir', 'Chile', 'Pinot Noir', 74],
    ['Zuccardi Serie A Bonarda', 'Argentina', 'Bonarda', 128],
  ],
  'Vinhos Tintos Médios': [
    ['Catena Malbec', 'Argentina', 'Malbec', 189.9],
    ['Marqués de Cáceres Crianza', 'Espanha', 'Tempranillo', 168],
    ['Ruffino Chianti Classico', 'Itália', 'Sangiovese', 215],
    ['Casa Ferreirinha Esteva', 'Portugal', 'Touriga Nacional, Touriga Franca, Tinta Roriz', 109],
    ['Miolo Lote 43', 'Brasil', 'Cabernet Sauvignon, Merlot', 245],
  ],
  'Vinhos Tintos Encorpados': [
    ['Almaviva', 'Chile', 'Cabernet Sauvignon, Carménère', 1890],
    ['Catena Zapata Nicolás', 'Argentina', 'Cabernet Sauvignon, Malbec', 1350],
    ['Tignanello', 'Itália', 'Sangiovese, Cabernet Sauvignon', 1290],
    ['Pêra-Manca Tinto', 'Portugal', 'Trincadeira, Aragonez', 2450],
    ['Opus One', 'Estados Unidos', 'Cabernet Sauvignon, Merlot', 3990],
    ['Don Melchor', 'Chile', 'Cabernet Sauvignon', 890],
  ],
  'Vinhos Meia Garrafa (375ml)': [
    ['Chandon Brut Rosé 375ml', 'Brasil', 'Pinot Noir, Chardonnay', 72, 'Espumante'],
    ['Trivento Reserve Malbec 375ml', 'Argentina', 'Malbec', 58],
    ['Château Suduiraut Sauternes 375ml', 'França', 'Sémillon, Sauvignon Blanc', 310, 'Sobremesa'],
  ],
  'Vinhos em Taça (187ml)': [
    ['Taça — Espumante da Casa', 'Brasil', 'Chardonnay', 32, 'Espumante'],
    ['Taça — Malbec da Casa', 'Argentina', 'Malbec', 38],
    ['Taça — Sauvignon Blanc da Casa', 'Chile', 'Sauvignon Blanc', 34, 'Branco'],
    ['Taça — Rosé da Casa', 'Brasil', 'Merlot', 30, 'Rosé'],
  ],
};

const STYLE_BY_CATEGORY: Record<string, string> = {
  Espumantes: 'Espumante',
  'Vinhos Brancos Leves': 'Branco',
  'Vinhos Brancos Médio': 'Branco',
  'Vinho Branco Complexo': 'Branco',
  'Vinho Rosé': 'Rosé',
};

/** A realistic menu: 45 available wines across all ten categories, plus one unavailable. */
export function makeSampleMenu(overrides: Parameters<typeof makeMenuResponse>[1] = {}): PublicMenuResponse {
  const wines: PublicMenuWine[] = [];
  let i = 0;
  for (const [category, rows] of Object.entries(SAMPLE)) {
    for (const [name, country, grape, price, style] of rows) {
      i += 1;
      const wineStyle = style ?? STYLE_BY_CATEGORY[category] ?? 'Tinto';
      const volume = category.includes('375') ? '375ml' : category.includes('187') ? '187ml' : '750ml';
      wines.push(
        makeWine({
          name,
          country,
          grape_variety: grape,
          price,
          category,
          wine_style: wineStyle,
          volume,
          alcohol_content: `${(11.5 + (i % 6) * 0.5).toFixed(1)}%`,
          description:
            wineStyle === 'Tinto'
              ? 'Fruta escura madura, especiarias delicadas e taninos bem integrados.'
              : wineStyle === 'Espumante'
                ? 'Perlage fino e persistente, notas de maçã verde, brioche e final cítrico.'
                : 'Fresco e aromático, com fruta branca, notas florais e boa mineralidade.',
          color: wineStyle === 'Tinto' ? 'Rubi intenso com reflexos granada' : 'Amarelo-palha com reflexos esverdeados',
          aroma: wineStyle === 'Tinto' ? 'Cereja, ameixa, tabaco e um toque de baunilha' : 'Pera, flores brancas e cítricos',
          palate: wineStyle === 'Tinto' ? 'Encorpado, taninos sedosos e final longo' : 'Leve, acidez viva e final refrescante',
          aging: i % 3 === 0 ? null : wineStyle === 'Tinto' ? '12 meses em carvalho francês' : 'Sobre borras finas em inox',
          pairing:
            wineStyle === 'Tinto'
              ? 'Carnes vermelhas, massas com ragu e queijos curados'
              : 'Peixes, frutos do mar, saladas e queijos frescos',
          image_url: i % 4 === 0 ? null : `/uploads/wines/sample-${i}.jpg`,
        }),
      );
    }
  }
  wines.push(makeWine({ name: 'Vega Sicilia Único (esgotado)', category: 'Vinhos Tintos Encorpados', price: 4900, available: false }));
  return makeMenuResponse(wines, overrides);
}
