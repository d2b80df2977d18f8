import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { AppConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { createTokenSigner } from '../modules/auth/index.js';
import { createUser } from '../test-support/factories.js';
import { TEST_JWT_SECRET, testConfig } from '../test-support/test-app.js';
import { openTestDatabase } from '../test-support/test-database.js';

const onPostgres = process.env.ADEGA_TEST_DB === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function configFor(databaseUrl: string): AppConfig {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adega-down-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  return testConfig(dataDir, { databaseUrl });
}

async function appOn(database: Database, databaseUrl: string): Promise<FastifyInstance> {
  const app = await buildApp(configFor(databaseUrl), { database, logger: false });
  cleanups.push(() => app.close());
  await app.ready();
  return app;
}

/** A fresh test database for this test alone, closed (and on PostgreSQL dropped) after it. */
async function ownTestDatabase() {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP hop between the app and PostgreSQL that the test can cut, like a server that goes away. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const via = new URL(target);
  via.hostname = '127.0.0.1';
  via.port = String((server.address() as net.AddressInfo).port);
  return {
    url: via.toString(),
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function expectUnavailableJson(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ detail: 'Banco de dados indisponível.', code: 'database_unavailable' });
  expect(res.headers['retry-after']).toBe('5');
}

function expectUnavailablePage(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('<html lang="pt-BR">');
  expect(res.body).toContain('Carta indisponível no momento');
  expect(res.body).not.toMatch(/ECONN|127\.0\.0\.1|terminated|stack/i);
}

/**
 * A server speaking PostgreSQL's wire protocol that refuses every connection the way a real one does when it has no
 * room or is going away: the startup message is answered with a FATAL ErrorResponse carrying the SQLSTATE.
 */
async function refusingServer(sqlState: string, message: string): Promise<string> {
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat([
        ...[`SFATAL`, `VFATAL`, `C${sqlState}`, `M${message}`].map((field) => Buffer.from(`${field}\0`, 'utf8')),
        Buffer.from([0]),
      ]);
      const header = Buffer.alloc(5);
      header.write('E', 0, 'ascii');
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `postgres://postgres@127.0.0.1:${(server.address() as net.AddressInfo).port}/adega`;
}

describe('a PostgreSQL server that refuses connections with a SQLSTATE', () => {
  it.each([
    ['53300', 'sorry, too many clients already'],
    ['55000', 'database "adega" is not currently accepting connections'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection because of crash of another server process'],
    ['57P03', 'the database system is starting up'],
  ])('%s (%s) answers 503 with Retry-After on the API and on guest pages', async (sqlState, message) => {
    const url = await refusingServer(sqlState, message);
    const database = await openDatabase({ databaseUrl: url, migrate: false });
    const app = await appOn(database, url);
    expectUnavailableJson(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@teste.com.br', password: 'senha-segura-123' } }),
    );
    expectUnavailableJson(await app.inject({ method: 'GET', url: '/api/public/carta/pedra-da-ilha/carta-de-vinhos' }));
    expectUnavailablePage(await app.inject({ method: 'GET', url: '/pedra-da-ilha/carta-de-vinhos' }));
  });
});

describe('a PostgreSQL server nobody can reach', () => {
  it('answers 503 with a pt-BR detail on the API and a page to guests, not 500', async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/adega`;
    const database = await openDatabase({ databaseUrl: url, migrate: false });
    const app = await appOn(database, url);

    // A valid token: loading its user from the database is what fails.
    const token = await createTokenSigner(TEST_JWT_SECRET).sign({
      userId: randomUUID(),
      sessionId: randomUUID(),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expectUnavailableJson(await app.inject({ method: 'GET', url: '/api/establishments', headers: { authorization: `Bearer ${token}` } }));
    expectUnavailableJson(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@teste.com.br', password: 'senha-segura-123' } }),
    );
    expectUnavailableJson(await app.inject({ method: 'GET', url: '/api/public/carta/pedra-da-ilha/carta-de-vinhos' }));
    expectUnavailablePage(await app.inject({ method: 'GET', url: '/pedra-da-ilha/carta-de-vinhos' }));
    expectUnavailablePage(await app.inject({ method: 'GET', url: '/pedra-da-ilha' }));
  });
});

describe.runIf(onPostgres)('a real PostgreSQL server that will not take the connection', () => {
  it('a role past its connection limit (53300) and a database closed to connections (55000) answer 503', async () => {
    const direct = await ownTestDatabase();
    const base = new URL(direct.connectionString!);
    const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
    const role = `adega_full_${suffix}`;
    const closedDb = `adega_closed_${suffix}`;
    const admin = direct.db;
    await admin.execute(sql.raw(`create role ${role} login connection limit 0`));
    cleanups.push(() => admin.execute(sql.raw(`drop role if exists ${role}`)));
    await admin.execute(sql.raw(`create database ${closedDb} allow_connections false`));
    cleanups.push(() => admin.execute(sql.raw(`drop database if exists ${closedDb}`)));

    const full = new URL(base);
    full.username = role;
    const closed = new URL(base);
    closed.pathname = `/${closedDb}`;
    for (const url of [full.toString(), closed.toString()]) {
      const database = await openDatabase({ databaseUrl: url, migrate: false });
      const app = await appOn(database, url);
      expectUnavailableJson(await app.inject({ method: 'GET', url: '/api/public/carta/pedra-da-ilha/carta-de-vinhos' }));
      expectUnavailablePage(await app.inject({ method: 'GET', url: '/pedra-da-ilha' }));
    }
  });
});

describe.runIf(onPostgres)('a PostgreSQL server that goes away while the app runs', () => {
  it('turns the dropped and refused connections into 503 answers', async () => {
    const direct = await ownTestDatabase();
    const proxy = await cuttableProxy(new URL(direct.connectionString!));
    const database = await openDatabase({ databaseUrl: proxy.url, migrate: false });
    const app = await appOn(database, proxy.url);
    const admin = await createUser(direct.db, 'admin');
    const asAdmin = { authorization: `Bearer ${admin.token}` };

    expect((await app.inject({ method: 'GET', url: '/api/establishments', headers: asAdmin })).statusCode).toBe(200);
    await proxy.cut();
    // The pool's open connections were dropped and new ones are refused.
    for (let i = 0; i < 3; i++) expectUnavailableJson(await app.inject({ method: 'GET', url: '/api/establishments', headers: asAdmin }));
    expectUnavailablePage(await app.inject({ method: 'GET', url: '/restaurante-qualquer' }));
  });
});
