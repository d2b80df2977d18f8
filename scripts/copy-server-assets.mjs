// tsc emits only JavaScript; the files the server reads at run time travel beside its compiled code:
// the SQL migrations (applied at start-up), the sample data (read by the first POST /api/seed/pedra-da-ilha)
// and the public menu's static script.
import { cpSync } from 'node:fs';

for (const dir of ['db/migrations', 'modules/seed/samples', 'public-pages/assets']) {
  cpSync(`src/server/${dir}`, `dist/node/server/${dir}`, { recursive: true });
}
