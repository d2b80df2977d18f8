/** Field groups that several answers carry: each schema spreads the group instead of writing it again. */
import { z } from 'zod';

/** The head of a record people name and may describe: catalogue wines, products and their categories, places, menus. */
export const namedRecord = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
};

/** When a stored record was created and last changed (ISO instants). */
export const recordStamps = {
  created_at: z.string(),
  updated_at: z.string(),
};

/** What a wine's label and tasting notes say, as the catalogue and the menus answer it (each may be unknown). */
export const wineDetails = {
  country: z.string().nullable(),
  region: z.string().nullable(),
  producer: z.string().nullable(),
  wine_style: z.string().nullable(),
  grape_variety: z.string().nullable(),
  alcohol_content: z.string().nullable(),
  color: z.string().nullable(),
  aroma: z.string().nullable(),
  palate: z.string().nullable(),
  pairing: z.string().nullable(),
  image_url: z.string().nullable(),
};
