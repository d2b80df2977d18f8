/**
 * A menu's guest languages (issue 28): which it offers, the restaurant's texts in each, offline drafts, and what
 * guests get (only complete languages). Writes are audited in their own transaction and drop the cached pages.
 */
import type { GuestLanguage } from '../../../shared/guest-i18n/catalogue.js';
import { draftDescription } from '../../../shared/guest-i18n/draft.js';
import {
  languageStatus,
  languageSummary,
  type MenuLanguages,
  OFFERABLE_LANGUAGES,
  type OfferableLanguage,
  type RequiredText,
  requiredTexts,
  type StoredTranslation,
  type TranslationKind,
} from '../../../shared/menu-languages.js';
import type { MenuTranslation } from '../../../shared/public-menu.js';
import { MENU_NOT_FOUND } from '../../../shared/wine-menus.js';
import { badRequest, notFound } from '../../core/app-error.js';
import { assertEstablishmentAccess, type Caller, coversEstablishment } from '../../core/caller.js';
import type { Db, Executor } from '../../db/client.js';
import { markNothingChanged, recordAuditEvent } from '../audit/index.js';
import type { OnPublicChange } from '../establishments/index.js';
import { readUploadedSheet, type SheetMessages } from '../product-import/index.js';
import * as repo from './repository.js';
import { readTranslations, TRANSLATION_SHEET_ERRORS, translationsWorkbook } from './translations-sheet.js';

/** A menu has a few hundred texts at most: far more rows is not a menu's sheet. */
const MAX_TRANSLATION_ROWS = 5000;

export interface MenuLanguageDeps {
  onPublicChange: OnPublicChange;
}

type Action = 'read' | 'update';

async function authorized(db: Executor, caller: Caller, menuId: string, action: Action, lock = false) {
  const menu = lock ? await repo.lockMenu(db, menuId) : await repo.findMenu(db, menuId);
  if (!menu || !coversEstablishment(caller, 'menus', 'read', menu.establishmentId)) throw notFound(MENU_NOT_FOUND);
  assertEstablishmentAccess(caller, 'menus', action, menu.establishmentId, MENU_NOT_FOUND);
  return menu;
}

const offeredOf = (menu: { guestLanguages: string[] }) =>
  OFFERABLE_LANGUAGES.filter((l) => menu.guestLanguages.includes(l)) as OfferableLanguage[];

async function state(db: Executor, menu: NonNullable<Awaited<ReturnType<typeof repo.findMenu>>>) {
  const [wines, rows] = await Promise.all([repo.menuWineTexts(db, menu.id), repo.translations(db, menu.id)]);
  const required = requiredTexts(menu, wines);
  return { wines, rows: rows as StoredTranslation[], required };
}

/** What the editor shows: the languages, what each is missing, and every text with its translations. */
export async function getLanguages(db: Db, caller: Caller, menuId: string): Promise<MenuLanguages> {
  const menu = await authorized(db, caller, menuId, 'read');
  const { rows, required } = await state(db, menu);
  const offered = offeredOf(menu);
  const key = (t: { kind: string; ref: string }) => `${t.kind}\u0000${t.ref}`;
  const byKey = new Map<string, Record<string, { text: string; draft: boolean }>>();
  for (const r of rows) {
    const k = key(r);
    const entry = byKey.get(k) ?? {};
    entry[r.lang] = { text: r.text, draft: r.draft };
    byKey.set(k, entry);
  }
  return {
    offered,
    languages: OFFERABLE_LANGUAGES.map((lang) => {
      const status = languageStatus(lang, offered.includes(lang), required, rows);
      return { ...status, summary: languageSummary(status) };
    }),
    texts: required.map((t) => ({ ...t, translations: byKey.get(key(t)) ?? {} })),
  };
}

/** Which languages the menu offers; guests see each once complete. */
export async function setOffered(
  db: Db,
  caller: Caller,
  menuId: string,
  offered: OfferableLanguage[],
  deps: MenuLanguageDeps,
): Promise<MenuLanguages> {
  const next = OFFERABLE_LANGUAGES.filter((l) => offered.includes(l));
  const establishmentId = await db.transaction(async (tx) => {
    const menu = await authorized(tx, caller, menuId, 'update', true);
    const before = offeredOf(menu);
    if (before.join() !== next.join()) {
      await repo.setOffered(tx, menuId, [...next]);
      await recordAuditEvent(tx, {
        actor: caller,
        establishmentId: menu.establishmentId,
        recordKind: 'menu',
        recordId: menuId,
        action: 'update',
        changes: [{ field: 'guest_languages', old: before, new: next }],
      });
    }
    return menu.establishmentId;
  });
  deps.onPublicChange(establishmentId);
  return getLanguages(db, caller, menuId);
}

const fieldOf = (t: { kind: TranslationKind; ref: string }) => (t.ref ? `${t.kind}:${t.ref}` : t.kind);

/**
 * Saves texts in one language: each must be one of the menu's required texts; an empty text removes the translation.
 * A text saved without `draft` counts as reviewed.
 */
export async function saveTranslations(
  db: Db,
  caller: Caller,
  menuId: string,
  lang: OfferableLanguage,
  texts: { kind: TranslationKind; ref: string; text: string; draft: boolean }[],
  deps: MenuLanguageDeps,
): Promise<MenuLanguages> {
  const establishmentId = await db.transaction(async (tx) => {
    const menu = await authorized(tx, caller, menuId, 'update', true);
    // The same texts sent again change nothing, and owe no entry.
    if ((await writeTranslations(tx, caller, menu, lang, texts)) === 0) markNothingChanged();
    return menu.establishmentId;
  });
  deps.onPublicChange(establishmentId);
  return getLanguages(db, caller, menuId);
}

type LockedMenu = NonNullable<Awaited<ReturnType<typeof repo.findMenu>>>;

/** Writes one language's texts in `tx` (the menu locked) with their audit entry; how many changed. */
async function writeTranslations(
  tx: Executor,
  caller: Caller,
  menu: LockedMenu,
  lang: OfferableLanguage,
  texts: readonly { kind: TranslationKind; ref: string; text: string; draft: boolean }[],
  // The menu's texts as read in this transaction (an import reads them once for every language).
  read?: Awaited<ReturnType<typeof state>>,
): Promise<number> {
  const menuId = menu.id;
  const { rows, required } = read ?? (await state(tx, menu));
  const wanted = new Set(required.map((t) => `${t.kind}\u0000${t.ref}`));
  const current = new Map(rows.filter((r) => r.lang === lang).map((r) => [`${r.kind}\u0000${r.ref}`, r]));
  const changes = [];
  for (const t of texts) {
    const k = `${t.kind}\u0000${t.ref}`;
    if (!wanted.has(k)) throw badRequest('Este texto não pertence à carta (vinho ou categoria removidos?). Recarregue a página.');
    const old = current.get(k);
    if (!t.text) {
      if (old) {
        await repo.deleteTranslation(tx, { menuId, lang, kind: t.kind, ref: t.ref });
        changes.push({ field: `${lang}.${fieldOf(t)}`, old: old.text, new: null });
      }
      continue;
    }
    if (old && old.text === t.text && old.draft === t.draft) continue;
    await repo.upsertTranslation(tx, { menuId, lang, kind: t.kind, ref: t.ref, text: t.text, draft: t.draft });
    changes.push({ field: `${lang}.${fieldOf(t)}`, old: old ? old.text : null, new: t.draft ? `${t.text} (rascunho)` : t.text });
  }
  if (changes.length > 0) {
    await recordAuditEvent(tx, {
      actor: caller,
      establishmentId: menu.establishmentId,
      recordKind: 'menu',
      recordId: menuId,
      action: 'translate',
      changes,
    });
  }
  return changes.length;
}

/** The menu's texts as a spreadsheet for a translator: every language's column, drafts included. */
export async function exportTranslations(db: Db, caller: Caller, menuId: string): Promise<{ fileName: string; bytes: Buffer }> {
  const menu = await authorized(db, caller, menuId, 'read');
  const { rows, required } = await state(db, menu);
  const key = (t: { kind: string; ref: string }) => `${t.kind}\u0000${t.ref}`;
  const texts = required.map((t) => ({
    ...t,
    translations: Object.fromEntries(rows.filter((r) => key(r) === key(t)).map((r) => [r.lang, r.text])),
  }));
  return { fileName: `traducoes-${menu.slug}.xlsx`, bytes: translationsWorkbook(texts) };
}

const TRANSLATION_SHEET: SheetMessages = {
  empty: 'A planilha está vazia: exporte a planilha da carta, preencha as colunas dos idiomas e envie-a.',
  noRows: 'A planilha não tem textos abaixo do cabeçalho.',
  tooManyRows: `A planilha tem mais de ${MAX_TRANSLATION_ROWS.toLocaleString('pt-BR')} linhas: uma carta não tem tantos textos.`,
  tooManyColumns: 'A planilha tem colunas demais: use a planilha exportada da carta.',
};

/**
 * A translator's spreadsheet read back: every filled cell saved in one transaction, reviewed (a person wrote it),
 * except a cell still equal to the system's draft, which stays a draft. Any line that cannot be used refuses the
 * whole file, with what to fix: nothing is saved then.
 */
export async function importTranslations(
  db: Db,
  caller: Caller,
  menuId: string,
  bytes: Buffer,
  deps: MenuLanguageDeps,
): Promise<MenuLanguages & { imported: number }> {
  await authorized(db, caller, menuId, 'update');
  const sheet = await readUploadedSheet(bytes, MAX_TRANSLATION_ROWS, TRANSLATION_SHEET);
  const { establishmentId, imported } = await db.transaction(async (tx) => {
    const menu = await authorized(tx, caller, menuId, 'update', true);
    const before = await state(tx, menu);
    const { rows, required } = before;
    const wanted = new Set(required.map((t) => `${t.kind}\u0000${t.ref}`));
    const read = readTranslations(sheet, (kind, ref) => wanted.has(`${kind}\u0000${ref}`));
    if (!read.ok) {
      const shown = read.errors.slice(0, 5).join(' ');
      const more = read.errors.length > 5 ? ` E mais ${read.errors.length - 5} linhas.` : '';
      throw badRequest(`${shown}${more} ${TRANSLATION_SHEET_ERRORS.nothingImported}`);
    }
    const drafts = new Set(rows.filter((r) => r.draft).map((r) => `${r.lang}\u0000${r.kind}\u0000${r.ref}\u0000${r.text}`));
    let changed = 0;
    for (const lang of OFFERABLE_LANGUAGES) {
      const texts = read.texts
        .filter((t) => t.lang === lang)
        .map((t) => ({ ...t, draft: drafts.has(`${lang}\u0000${t.kind}\u0000${t.ref}\u0000${t.text}`) }));
      // Each language writes only its own rows, so what was read before holds for the next one.
      if (texts.length > 0) changed += await writeTranslations(tx, caller, menu, lang, texts, before);
    }
    if (changed === 0) markNothingChanged();
    return { establishmentId: menu.establishmentId, imported: changed };
  });
  deps.onPublicChange(establishmentId);
  return { ...(await getLanguages(db, caller, menuId)), imported };
}

/** Drafts for every wine description the language is missing, from the wines' structured fields (no network). */
export async function draftMissing(db: Db, caller: Caller, menuId: string, lang: OfferableLanguage, deps: MenuLanguageDeps) {
  const menu = await authorized(db, caller, menuId, 'update');
  const { wines, rows, required } = await state(db, menu);
  const have = new Set(rows.filter((r) => r.lang === lang).map((r) => `${r.kind}\u0000${r.ref}`));
  const byId = new Map(wines.map((w) => [w.id, w]));
  const texts = required
    .filter((t) => t.kind === 'wine_description' && !have.has(`${t.kind}\u0000${t.ref}`))
    .flatMap((t) => {
      const wine = byId.get(t.ref);
      return wine ? [{ kind: t.kind, ref: t.ref, text: draftDescription(lang, wine), draft: true }] : [];
    });
  if (texts.length === 0) {
    // Every description has its text already: nothing to draft, and no entry owed.
    markNothingChanged();
    return getLanguages(db, caller, menuId);
  }
  return saveTranslations(db, caller, menuId, lang, texts, deps);
}

/**
 * What guests may read besides pt-BR: the offered languages whose required texts are all translated and reviewed,
 * with those texts. No query for a menu that offers none.
 */
export async function publicLanguages(
  db: Executor,
  menu: { id: string; name: string; description: string | null; guestLanguages: string[] },
): Promise<{ languages: GuestLanguage[]; translations: Partial<Record<GuestLanguage, MenuTranslation>> }> {
  const offered = offeredOf(menu);
  if (offered.length === 0) return { languages: ['pt-BR'], translations: {} };
  const [wines, rows] = await Promise.all([repo.menuWineTexts(db, menu.id), repo.translations(db, menu.id, offered)]);
  const required: RequiredText[] = requiredTexts(menu, wines);
  const languages: GuestLanguage[] = ['pt-BR'];
  const translations: Partial<Record<GuestLanguage, MenuTranslation>> = {};
  for (const lang of offered) {
    const own = (rows as StoredTranslation[]).filter((r) => r.lang === lang && !r.draft);
    if (!languageStatus(lang, true, required, own).complete) continue;
    languages.push(lang);
    const t: MenuTranslation = { name: menu.name, description: menu.description, wines: {}, categories: {} };
    for (const r of own) {
      if (r.kind === 'menu_name') t.name = r.text;
      else if (r.kind === 'menu_description') t.description = r.text;
      else if (r.kind === 'wine_description') t.wines[r.ref] = r.text;
      else t.categories[r.ref] = r.text;
    }
    translations[lang] = t;
  }
  return { languages, translations };
}
