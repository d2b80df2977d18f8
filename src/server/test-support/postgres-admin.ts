import pg from 'pg';

/** Runs one statement (create or drop a database) on its own connection to the PostgreSQL server at `serverUrl`. */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
