/**
 * A menu's guest languages (issue 28): which the restaurant offers beyond pt-BR, the texts it must translate, and
 * when a language is complete (every required text translated and reviewed: a draft does not count).
 */
import { z } from 'zod';
import { WINE_CATEGORIES } from './wine-vocabulary.js';

export const OFFERABLE_LANGUAGES = ['en', 'es'] as const;
export type OfferableLanguage = (typeof OFFERABLE_LANGUAGES)[number];
/** The admin area names the guests' languages in Portuguese. */
export const LANGUAGE_NAMES_PT: Record<OfferableLanguage, string> = { en: 'Inglês', es: 'Espanhol' };

/** Why a QR code or table sheet for a language is refused: guests could not read the menu in it yet. */
export const qrLanguageNotReady = (lang: OfferableLanguage) =>
  `${LANGUAGE_NAMES_PT[lang]} ainda não aparece para os clientes desta carta: ofereça o idioma e complete as traduções em Idiomas.`;

/** `?lang=` of the QR code and table sheet routes: absent for pt-BR. */
export const qrLanguageQuerySchema = z.object({ lang: z.enum(OFFERABLE_LANGUAGES).optional() });

export const TRANSLATION_KINDS = ['menu_name', 'menu_description', 'wine_description', 'category'] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];

/** One text of the restaurant's that each offered language needs. */
export interface RequiredText {
  kind: TranslationKind;
  /** The wine's id, the category as stored, or '' for the menu's own texts. */
  ref: string;
  /** What it says in pt-BR. */
  source: string;
  /** What it belongs to, for the editor: the wine's name, the category. */
  label: string;
}

export interface StoredTranslation {
  lang: OfferableLanguage;
  kind: TranslationKind;
  ref: string;
  text: string;
  draft: boolean;
}

/** The texts a menu needs in every offered language: its name, its description, each wine's description, each custom category. */
export function requiredTexts(
  menu: { name: string; description: string | null },
  wines: readonly { id: string; name: string; description: string | null; category: string }[],
): RequiredText[] {
  const out: RequiredText[] = [{ kind: 'menu_name', ref: '', source: menu.name, label: menu.name }];
  if (menu.description?.trim()) out.push({ kind: 'menu_description', ref: '', source: menu.description, label: menu.name });
  const known = new Set<string>(WINE_CATEGORIES);
  const custom = new Set<string>();
  for (const w of wines) {
    if (w.description?.trim()) out.push({ kind: 'wine_description', ref: w.id, source: w.description, label: w.name });
    const category = w.category.trim();
    if (category && !known.has(category)) custom.add(category);
  }
  for (const c of [...custom].sort()) out.push({ kind: 'category', ref: c, source: c, label: c });
  return out;
}

export interface LanguageStatus {
  lang: OfferableLanguage;
  offered: boolean;
  /** Texts required, and of those translated and reviewed. */
  required: number;
  done: number;
  /** Wine descriptions required and done ("EN: 12 de 48 descrições"). */
  descriptions: number;
  descriptionsDone: number;
  /** Translations still marked as drafts. */
  drafts: number;
  /** Every required text is translated and reviewed: guests may read it (when offered). */
  complete: boolean;
}

const keyOf = (t: { kind: string; ref: string }) => `${t.kind}\u0000${t.ref}`;

/** Where a language stands against the menu's required texts. */
export function languageStatus(
  lang: OfferableLanguage,
  offered: boolean,
  required: readonly RequiredText[],
  rows: readonly StoredTranslation[],
): LanguageStatus {
  const byKey = new Map(rows.filter((r) => r.lang === lang).map((r) => [keyOf(r), r]));
  let done = 0;
  let descriptions = 0;
  let descriptionsDone = 0;
  let drafts = 0;
  for (const text of required) {
    const row = byKey.get(keyOf(text));
    const ok = Boolean(row && !row.draft && row.text.trim());
    if (ok) done++;
    if (row?.draft) drafts++;
    if (text.kind === 'wine_description') {
      descriptions++;
      if (ok) descriptionsDone++;
    }
  }
  return { lang, offered, required: required.length, done, descriptions, descriptionsDone, drafts, complete: done === required.length };
}

/** "EN: 12 de 48 descrições" — what the editor says of a language. */
export function languageSummary(status: LanguageStatus): string {
  return `${status.lang.toUpperCase()}: ${status.descriptionsDone} de ${status.descriptions} descrições`;
}

export const offeredLanguagesInputSchema = z.object({
  offered: z.array(z.enum(OFFERABLE_LANGUAGES)).max(OFFERABLE_LANGUAGES.length),
});

export const translationInputSchema = z.object({
  kind: z.enum(TRANSLATION_KINDS),
  ref: z.string().max(200).default(''),
  text: z.string().trim().max(4000),
  /** A draft the system assembled, not yet reviewed by a person. */
  draft: z.boolean().default(false),
});
export const translationsInputSchema = z.object({ texts: z.array(translationInputSchema).min(1).max(1000) });

export const menuLanguagesSchema = z.object({
  offered: z.array(z.enum(OFFERABLE_LANGUAGES)),
  languages: z.array(
    z.object({
      lang: z.enum(OFFERABLE_LANGUAGES),
      offered: z.boolean(),
      required: z.number(),
      done: z.number(),
      descriptions: z.number(),
      descriptionsDone: z.number(),
      drafts: z.number(),
      complete: z.boolean(),
      summary: z.string(),
    }),
  ),
  texts: z.array(
    z.object({
      kind: z.enum(TRANSLATION_KINDS),
      ref: z.string(),
      source: z.string(),
      label: z.string(),
      translations: z.record(z.string(), z.object({ text: z.string(), draft: z.boolean() })),
    }),
  ),
});
export type MenuLanguages = z.infer<typeof menuLanguagesSchema>;
/** POST /api/wine-menus/{id}/translations/import: the languages afterwards, and how many texts the sheet changed. */
export const translationsImportSchema = menuLanguagesSchema.extend({ imported: z.number().int() });
export type TranslationsImport = z.infer<typeof translationsImportSchema>;
export const langParamsSchema = z.object({ id: z.uuid(), lang: z.enum(OFFERABLE_LANGUAGES) });
