// The public menu bench's target: the BUILT app (dist/, as production runs it) on a temporary DATA_DIR (PGlite), the
// Pedra da Ilha sample seeded (its wine list linked to the house cellar). Prints {"port","token"} when listening, then
// serves until SIGTERM. Started by bench/public-menu.mjs; when BENCH_CPU_PROF names a folder, the main thread is
// profiled from the moment it listens (the seeding left out) and the profile written there when it stops.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// BENCH_DIST: another build's dist/ folder (an older commit's, say) to compare with.
const dist = process.env.BENCH_DIST
  ? new URL(`file://${path.resolve(process.env.BENCH_DIST)}/node/server/`)
  : new URL('../dist/node/server/', import.meta.url);
const { buildApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config.js', dist).href);
// Builds from before revocable sessions (decision 0049) signed the admin's token directly.
const sessions = await import(new URL('modules/auth/sessions.js', dist).href).catch(() => null);
const { createTokenSigner } = await import(new URL('modules/auth/tokens.js', dist).href);
const { users } = await import(new URL('db/schema/index.js', dist).href);

const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-bench-menu-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
});
const app = await buildApp(config);
const db = app.database.db;
const [admin] = await db
  .insert(users)
  .values({ email: `bench-${Date.now()}@adega.test`, passwordHash: 'x', role: 'admin' })
  .returning();
const signer = createTokenSigner(config.jwtSecret);
const token = sessions ? await sessions.startSession(db, signer, admin.id) : await signer.sign(admin);
const seeded = await app.inject({ method: 'POST', url: '/api/seed/pedra-da-ilha', headers: { authorization: `Bearer ${token}` } });
if (seeded.statusCode >= 300) throw new Error(`the seed answered ${seeded.statusCode}`);
await app.listen({ port: 0, host: '127.0.0.1' });
const profileDir = process.env.BENCH_CPU_PROF;
const inspector = profileDir ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
process.stdout.write(`${JSON.stringify({ port: app.server.address().port, token })}\n`);

const stop = async () => {
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(path.join(profileDir, `public-menu-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
