import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../shared/text-search.js';
import { foldSqlText } from './fold-sql.js';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table t (v text, folded text generated always as (${foldSqlText('v')}) stored)`);
});
afterAll(() => db.close());

describe('foldSqlText', () => {
  it('is plain ASCII and folds every value exactly like foldText(), also as a generated column', async () => {
    expect(foldSqlText('v')).toMatch(/^[\x20-\x7e]+$/);
    const values = [
      'Rosé  d’Anjou',
      'ÉVORA',
      'Weißburgunder',
      'Ærø',
      'Œil de Perdrix',
      'Rose\u0301',
      ' Olasz\tRizling\u00a0 ',
      'Tămâioasă',
      "O'Neill",
    ];
    for (const v of values) await db.query('insert into t (v) values ($1)', [v]);
    const { rows } = await db.query<{ v: string; folded: string }>('select v, folded from t');
    for (const row of rows) expect(row.folded, row.v).toBe(foldText(row.v));
  });
});
