// Test-only database helper: the suppliers the e2e specs need, written before the app starts (PGlite allows one
// process per data directory). Until the suppliers API exists on every branch, specs link supplier users to these.
import { E2E_SUPPLIERS } from './e2e-suppliers.mjs';

export async function seedSuppliers(dataDir) {
  const { openDatabase } = await import('../../../dist/node/server/db/client.js');
  const database = await openDatabase({ dataDir });
  try {
    for (const s of E2E_SUPPLIERS) {
      await database.pglite.query(
        `insert into suppliers (id, name, company_name, email, phone) values ($1, $2, $3, $4, $5) on conflict (id) do nothing`,
        [s.id, s.name, s.company_name, s.email, '+5548999991234'],
      );
    }
  } finally {
    await database.close();
  }
}
