/** Finding a data subject: the registry walked until what was found finds nothing more, then the free-text mentions. */
import { getTableName } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { LgpdRecordRef } from '../../db/schema/index.js';
import { findMentions, type Mention } from './free-text.js';
import { addIdentifiers, type Identifiers } from './identifiers.js';
import { type Found, PERSONAL_DATA, type PrivateFileRef, type Row } from './registry.js';

export interface Subject {
  who: Identifiers;
  found: Map<string, Row[]>;
  /** Free text about the subject in other rows (their own rows are erased or exported whole). */
  mentions: Mention[];
}

/** Rounds of "what was found finds more": a lead found by phone brings its e-mail, which finds its sign-up. */
const MAX_ROUNDS = 4;

export async function resolveSubject(db: Executor, who: Identifiers): Promise<Subject> {
  const found = new Map<string, Row[]>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let grew = false;
    for (const source of PERSONAL_DATA) {
      const where = source.match(who, found as Found);
      const rows = where ? await source.select(db, where) : [];
      found.set(source.key, rows);
      for (const row of rows) if (source.identifiers && addIdentifiers(who, source.identifiers(row))) grew = true;
    }
    if (!grew) break;
  }
  const own = new Set(
    PERSONAL_DATA.flatMap((source) =>
      (found.get(source.key) ?? []).map((row) => `${getTableName(source.idColumn.table)}:${String(row.id)}`),
    ),
  );
  const mentions = (await findMentions(db, who)).filter((m) => !own.has(`${m.table}:${m.id}`));
  return { who, found, mentions };
}

export const isEmpty = (subject: Subject) =>
  subject.mentions.length === 0 && [...subject.found.values()].every((rows) => rows.length === 0);

export const MENTIONS_SOURCE = 'mentions';
export const MENTIONS_LABEL = 'Menções em textos livres (observações, e-mails, listas de erros)';

const mentionRef = (m: Mention) => `${m.table}|${m.id}|${m.columns.join(',')}`;
export function parseMentionRef(ref: string): Mention | undefined {
  const [table, id, columns] = ref.split('|');
  if (!table || !id || !columns) return undefined;
  return { table, id, columns: columns.split(',') };
}

/** The subject's records, by source and id, as a request keeps them. */
export function recordRefs(subject: Subject): LgpdRecordRef[] {
  return [
    ...PERSONAL_DATA.flatMap((source) => (subject.found.get(source.key) ?? []).map((row) => ({ source: source.key, id: String(row.id) }))),
    ...subject.mentions.map((m) => ({ source: MENTIONS_SOURCE, id: mentionRef(m) })),
  ];
}

export function subjectFiles(subject: Subject): (PrivateFileRef & { source: string; rowId: string })[] {
  return PERSONAL_DATA.flatMap((source) =>
    (subject.found.get(source.key) ?? []).flatMap((row) =>
      (source.files?.(row) ?? []).map((file) => ({ ...file, source: source.key, rowId: String(row.id) })),
    ),
  );
}
