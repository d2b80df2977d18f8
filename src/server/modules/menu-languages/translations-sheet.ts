/**
 * A menu's translations as a spreadsheet a restaurant hands to a translator (issue 28): one row per text of the
 * restaurant's, one column per language. Read back through the product import's reader (file kinds, worker, limits).
 */
import { utils, write } from '@e965/xlsx';
import { LANGUAGE_NAMES_PT, OFFERABLE_LANGUAGES, type OfferableLanguage, type TranslationKind } from '../../../shared/menu-languages.js';
import { foldText } from '../../../shared/text-search.js';
import type { ParsedSheet } from '../product-import/index.js';
import { formulaSafe, fromFormulaSafe } from '../product-import/index.js';

export const TRANSLATIONS_SHEET = 'Traduções';
const KIND_LABELS: Record<TranslationKind, string> = {
  menu_name: 'Nome da carta',
  menu_description: 'Descrição da carta',
  wine_description: 'Descrição do vinho',
  category: 'Categoria',
};
const COLUMN = { kind: 'Tipo', ref: 'Referência', item: 'Item', source: 'Português (original)' } as const;
const languageColumn = (lang: OfferableLanguage) => `${LANGUAGE_NAMES_PT[lang]} (${lang})`;

export const TRANSLATION_SHEET_ERRORS = {
  missingColumns: `A planilha precisa das colunas "${COLUMN.kind}", "${COLUMN.ref}" e de ao menos um idioma (${OFFERABLE_LANGUAGES.map(languageColumn).join(', ')}). Exporte a planilha da carta e preencha-a.`,
  unknownKind: (line: number, kind: string) => `Linha ${line}: tipo "${kind}" desconhecido.`,
  notOnMenu: (line: number) => `Linha ${line}: este texto não é da carta (vinho ou categoria removidos?). Exporte a planilha de novo.`,
  nothingImported: 'Nada foi importado.',
} as const;

export interface SheetText {
  kind: TranslationKind;
  ref: string;
  label: string;
  source: string;
  translations: Partial<Record<OfferableLanguage, string>>;
}

/** The .xlsx: every text with its pt-BR original and what each language has (drafts included). */
export function translationsWorkbook(texts: readonly SheetText[]): Buffer {
  const header = [COLUMN.kind, COLUMN.ref, COLUMN.item, COLUMN.source, ...OFFERABLE_LANGUAGES.map(languageColumn)];
  const rows = texts.map((t) =>
    [KIND_LABELS[t.kind], t.ref, t.label, t.source, ...OFFERABLE_LANGUAGES.map((lang) => t.translations[lang] ?? '')].map(formulaSafe),
  );
  const sheet = utils.aoa_to_sheet([header, ...rows]);
  sheet['!cols'] = [{ wch: 18 }, { wch: 38 }, { wch: 30 }, { wch: 50 }, ...OFFERABLE_LANGUAGES.map(() => ({ wch: 50 }))];
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, TRANSLATIONS_SHEET);
  return write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export interface ReadTranslation {
  line: number;
  kind: TranslationKind;
  ref: string;
  lang: OfferableLanguage;
  text: string;
}

/**
 * The filled cells of a sheet, one per language and row, or the lines a person must fix (nothing is saved then).
 * `belongs` says whether a (kind, ref) is one of the menu's texts. Empty cells are left alone: they remove nothing.
 */
export function readTranslations(
  sheet: ParsedSheet,
  belongs: (kind: TranslationKind, ref: string) => boolean,
): { ok: true; texts: ReadTranslation[] } | { ok: false; errors: string[] } {
  const at = (name: string) => sheet.columns.findIndex((c) => foldText(c) === foldText(name));
  const kindAt = at(COLUMN.kind);
  const refAt = at(COLUMN.ref);
  const langs = OFFERABLE_LANGUAGES.flatMap((lang) => {
    const index = at(languageColumn(lang));
    return index >= 0 ? [{ lang, index }] : [];
  });
  if (kindAt < 0 || refAt < 0 || langs.length === 0) return { ok: false, errors: [TRANSLATION_SHEET_ERRORS.missingColumns] };
  const byLabel = new Map<string, TranslationKind>(
    (Object.entries(KIND_LABELS) as [TranslationKind, string][]).flatMap(([kind, label]) => [
      [foldText(label), kind],
      [kind, kind],
    ]),
  );
  const texts: ReadTranslation[] = [];
  const errors: string[] = [];
  sheet.rows.forEach((row, i) => {
    const line = sheet.lines[i] ?? i + 2;
    const cells = langs.map(({ lang, index }) => ({ lang, text: fromFormulaSafe(row[index] ?? '').trim() })).filter((c) => c.text);
    if (cells.length === 0) return;
    const label = (row[kindAt] ?? '').trim();
    const kind = byLabel.get(foldText(label));
    if (!kind) {
      errors.push(TRANSLATION_SHEET_ERRORS.unknownKind(line, label));
      return;
    }
    const ref = fromFormulaSafe(row[refAt] ?? '').trim();
    if (!belongs(kind, ref)) {
      errors.push(TRANSLATION_SHEET_ERRORS.notOnMenu(line));
      return;
    }
    for (const cell of cells) texts.push({ line, kind, ref, lang: cell.lang, text: cell.text.slice(0, 4000) });
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, texts };
}
