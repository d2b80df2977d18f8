import { z } from 'zod';
import { optionalEmail, optionalHttpUrl, optionalImageUrl, optionalSlugInput, optionalText, requiredText } from './form-fields.js';

export const ESTABLISHMENT_NAME_REQUIRED = 'Informe o nome do estabelecimento.';
export const ESTABLISHMENT_NOT_FOUND = 'Estabelecimento não encontrado.';

/** POST /api/establishments and PUT /api/establishments/{id} (PUT replaces every field; an absent slug keeps the current one). */
export const establishmentInputSchema = z.object({
  name: requiredText(ESTABLISHMENT_NAME_REQUIRED, 'Nome', 120),
  description: optionalText('Descrição', 2000),
  address: optionalText('Endereço', 300),
  phone: optionalText('Telefone', 40).refine((v) => v === null || /^[0-9()+\-.\s]{8,40}$/.test(v), 'Informe um telefone válido.'),
  email: optionalEmail('Informe um e-mail válido.'),
  website: optionalHttpUrl('Site', 'Informe um site válido começando com http:// ou https://.'),
  sommelier: optionalText('Sommelier', 120),
  logo: optionalImageUrl('Logo', 'O logo deve ser uma imagem enviada (/uploads/...) ou um endereço http(s).'),
  slug: optionalSlugInput,
});
export type EstablishmentInput = z.input<typeof establishmentInputSchema>;
export type EstablishmentData = z.output<typeof establishmentInputSchema>;

export const establishmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  sommelier: z.string().nullable(),
  logo: z.string().nullable(),
  slug: z.string(),
  /** How many menus it has. */
  menu_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Establishment = z.infer<typeof establishmentSchema>;

export const establishmentListSchema = z.array(establishmentSchema);
