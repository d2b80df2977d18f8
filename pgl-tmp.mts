import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

let t = Date.now();
const c = await PGlite.create({ extensions: { pg_trgm } });
await migrate(drizzle({ client: c }), { migrationsFolder: '/work/main/src/server/db/migrations' });
console.log('fresh+migrate', Date.now() - t);
t = Date.now();
const dump = await c.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const c2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log('load', Date.now() - t, (await c2.query('select count(*) from users')).rows);
t = Date.now();
const c3 = await c2.clone();
console.log('clone', Date.now() - t);
