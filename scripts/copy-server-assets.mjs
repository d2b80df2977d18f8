// tsc emits only JavaScript (and no .js sources): the SQL migrations travel beside the compiled database client.
import { cpSync } from 'node:fs';

cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
// The public menu's static script is read beside its compiled server module.
cpSync('src/server/public-pages/assets', 'dist/node/server/public-pages/assets', { recursive: true });
