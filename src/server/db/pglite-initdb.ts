import { PGlite } from '@electric-sql/pglite';

/** Creates the embedded database's files in the given directory (PGlite runs initdb) and exits (initdb-in-child.ts). */
const client = await PGlite.create(process.argv[2] ?? '');
await client.close();
