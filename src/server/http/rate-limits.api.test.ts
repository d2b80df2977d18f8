import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PER_HOUR } from '../modules/onboarding/routes.js';
import { onboardingFormValues } from '../test-support/factories.js';
import { restartableDatabasePerFile } from '../test-support/restartable-app.js';
import { createRateLimitCounter } from './rate-limit-counter.js';

const { onPostgres, openAgain, startApp } = restartableDatabasePerFile('limits');

const form = () => onboardingFormValues();

const signUp = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/onboarding/processes', payload: form(), remoteAddress });

/** The parts of a hit that do not depend on the clock. */
const h = ({ count, allowed }: { count: number; allowed: boolean }) => ({ count, allowed });

describe('the rate-limit counter', () => {
  it('counts hits arriving together one by one and tells when the window ends', async () => {
    const database = await openAgain();
    try {
      const counter = createRateLimitCounter(database.db);
      const limit = { max: 5, windowMs: 60_000 };
      const hits = await Promise.all(Array.from({ length: 8 }, () => counter.hit('teste:juntos', limit)));
      expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(hits.filter((h) => h.allowed)).toHaveLength(5);
      for (const h of hits) expect(h.resetInMs).toBeGreaterThan(50_000);
      expect(h(await counter.hit('teste:outra-chave', limit))).toEqual({ count: 1, allowed: true });

      await counter.reset('teste:juntos');
      expect(h(await counter.hit('teste:juntos', limit))).toEqual({ count: 1, allowed: true });
    } finally {
      await database.close();
    }
  });

  it('starts a new window once the old one has ended', async () => {
    const database = await openAgain();
    try {
      const counter = createRateLimitCounter(database.db);
      const limit = { max: 1, windowMs: 300 };
      expect(h(await counter.hit('teste:janela', limit))).toEqual({ count: 1, allowed: true });
      expect(h(await counter.hit('teste:janela', limit))).toEqual({ count: 2, allowed: false });
      await expect
        .poll(async () => h(await counter.hit('teste:janela', limit)), { interval: 100, timeout: 5000 })
        .toEqual({
          count: 1,
          allowed: true,
        });
    } finally {
      await database.close();
    }
  });
});

describe('route limits kept in the database', () => {
  it('still refuse a client after the app restarts on the same database', { timeout: 60_000 }, async () => {
    const first = await startApp();
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++) expect((await signUp(first, '10.9.0.1')).statusCode).toBe(201);
    expect((await signUp(first, '10.9.0.1')).statusCode).toBe(429);
    await first.close();

    const restarted = await startApp();
    try {
      const refused = await signUp(restarted, '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'too_many_signups' });
      expect((await signUp(restarted, '10.9.0.2')).statusCode).toBe(201);
    } finally {
      await restarted.close();
    }
  });

  it.runIf(onPostgres)('are one count for two apps on one PostgreSQL database', { timeout: 60_000 }, async () => {
    const [a, b] = [await startApp(), await startApp()];
    try {
      for (let i = 0; i < SIGNUPS_PER_HOUR; i++) expect((await signUp(i % 2 ? a : b, '10.9.1.1')).statusCode).toBe(201);
      expect((await signUp(a, '10.9.1.1')).statusCode).toBe(429);
      expect((await signUp(b, '10.9.1.1')).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
