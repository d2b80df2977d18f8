import { z } from 'zod';
import { optionalEmail, optionalImageUrl, optionalPhone, optionalWebsite } from './field-rules.js';
import { optionalSlugInput, optionalText, requiredText } from './form-fields.js';
import { namedRecord, recordStamps } from './record-fields.js';

export const ESTABLISHMENT_NAME_REQUIRED = 'Informe o nome do estabelecimento.';
export const ESTABLISHMENT_NOT_FOUND = 'Estabelecimento não encontrado.';

/** POST /api/establishments and PUT /api/establishments/{id} (PUT replaces every field; an absent slug keeps the current one). */
export const establishmentInputSchema = z.object({
  name: requiredText(ESTABLISHMENT_NAME_REQUIRED, 'Nome', 120),
  description: optionalText('Descrição', 2000),
  address: optionalText('Endereço', 300),
  /** Stored as E.164 ("+5548999991234"); shown masked with formatPhone. */
  phone: optionalPhone(),
  email: optionalEmail(),
  /** "vinhavelha.com.br" is stored as "https://vinhavelha.com.br". */
  website: optionalWebsite(),
  sommelier: optionalText('Sommelier', 120),
  logo: optionalImageUrl('Logo'),
  slug: optionalSlugInput,
});
export type EstablishmentInput = z.input<typeof establishmentInputSchema>;
export type EstablishmentData = z.output<typeof establishmentInputSchema>;

export const establishmentSchema = z.object({
  ...namedRecord,
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  sommelier: z.string().nullable(),
  logo: z.string().nullable(),
  slug: z.string(),
  /** How many menus it has. */
  menu_count: z.number().int(),
  ...recordStamps,
});
export type Establishment = z.infer<typeof establishmentSchema>;

export const establishmentListSchema = z.array(establishmentSchema);
