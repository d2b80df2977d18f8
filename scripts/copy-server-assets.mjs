// tsc emits only JavaScript; the SQL migrations travel beside the compiled database client.
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
