/**
 * The sample data of POST /api/seed/pedra-da-ilha, kept as JSON beside this file (samples/) and read on the first
 * seed call, not at start-up:
 * - pedra-da-ilha.json: a fictional wine bar and seafood restaurant in Florianópolis (SC), its wine list and wines.
 *   Producers and wines are real; prices are illustrative restaurant prices in BRL.
 * - catalog-wines.json: real wines from the eight countries of the wine list for the global catalogue.
 *   `price_reference` is an illustrative retail reference in BRL; `vintage` is null only for non-vintage sparkling wines.
 * Both are parsed with the API's own schemas, so sample data obeys the rules a user's input does (the glass price rule
 * of shared/glass-price.ts included); the seed also needs a known style (for the bottle image), a known country, a
 * slug and a SKU (to find what it created before).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { catalogWineInputSchema } from '../../../shared/catalog.js';
import { establishmentInputSchema } from '../../../shared/establishments.js';
import { glassPriceRefusal } from '../../../shared/glass-price.js';
import { defaultGlassDoses, menuWineInputSchema, wineMenuInputSchema } from '../../../shared/wine-menus.js';
import { WINE_COUNTRIES, WINE_STYLES } from '../../../shared/wine-vocabulary.js';

const style = z.enum(WINE_STYLES);
const country = z.enum(WINE_COUNTRIES);

export const sampleCatalogWineSchema = catalogWineInputSchema.extend({
  wine_style: catalogWineInputSchema.shape.wine_style.pipe(style),
  country: catalogWineInputSchema.shape.country.pipe(country),
  sku_code: catalogWineInputSchema.shape.sku_code.pipe(z.string()),
});
export type SampleCatalogWine = z.output<typeof sampleCatalogWineSchema>;

export const sampleMenuWineSchema = menuWineInputSchema.extend({
  wine_style: menuWineInputSchema.shape.wine_style.pipe(style),
  country: menuWineInputSchema.shape.country.pipe(country),
});
export type SampleMenuWine = z.output<typeof sampleMenuWineSchema>;

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

const pedraDaIlhaSchema = z.object({
  establishment: establishmentInputSchema.extend({ slug }),
  menu: wineMenuInputSchema.omit({ establishment_id: true }).extend({ slug }),
  wines: z.array(sampleMenuWineSchema).min(1),
});

export interface SampleData extends z.output<typeof pedraDaIlhaSchema> {
  catalog: SampleCatalogWine[];
  catalogSkus: string[];
}

let loading: Promise<SampleData> | undefined;

/** The parsed sample data, read once per process (a failed read is tried again on the next call). */
export function loadSampleData(): Promise<SampleData> {
  loading ??= readSampleData().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

async function readSampleData(): Promise<SampleData> {
  const [pedraDaIlha, catalog] = await Promise.all([
    readDataFile('pedra-da-ilha.json', pedraDaIlhaSchema),
    readDataFile('catalog-wines.json', z.array(sampleCatalogWineSchema)),
  ]);
  const wines = pedraDaIlha.wines.map((wine) => withGlassDoses(withCatalogOrigin(wine, catalog)));
  return { ...pedraDaIlha, wines, catalog, catalogSkus: catalog.map((w) => w.sku_code) };
}

/** A sample menu wine takes producer, vintage and region from the sample catalogue wine of the same name. */
function withCatalogOrigin(wine: SampleMenuWine, catalog: readonly SampleCatalogWine[]): SampleMenuWine {
  const baseName = wine.name.replace(/\s*\((?:taça|meia garrafa|magnum)\)$/i, '');
  const origin = catalog.find((c) => c.name === baseName);
  if (!origin) return wine;
  return {
    ...wine,
    producer: wine.producer ?? origin.producer,
    vintage: wine.vintage ?? origin.vintage,
    region: wine.region ?? origin.region,
  };
}

/** As the API adds a wine: glasses of 150 ml a bottle unless told, and glass settings that do not contradict each other. */
function withGlassDoses(wine: SampleMenuWine): SampleMenuWine {
  const glassDoses = wine.glass_doses ?? defaultGlassDoses(wine.volume);
  const refusal = glassPriceRefusal({
    by_the_glass: wine.by_the_glass ?? false,
    price: wine.price,
    glass_price: wine.glass_price ?? null,
    glass_doses: glassDoses,
    glass_markup_percent: wine.glass_markup_percent ?? null,
  });
  if (refusal) throw new Error(`Sample wine ${wine.name}: ${refusal.message}`);
  return { ...wine, glass_doses: glassDoses };
}

async function readDataFile<T>(name: string, schema: z.ZodType<T>): Promise<T> {
  const text = await readFile(new URL(`./samples/${name}`, import.meta.url), 'utf8');
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`Sample data ${name} is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
