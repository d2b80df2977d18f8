import { describe, expect, it } from 'vitest';
import { buildCachedPage, createPublicPageCache } from './page-cache.js';

const page = (html: string, est: string | null = 'e1', now = 0) => buildCachedPage(html, est, undefined, now);

describe('public page cache', () => {
  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = createPublicPageCache({ maxEntries: 2, now: () => 0 });
    cache.set('a', await page('a'));
    cache.set('b', await page('b'));
    cache.get('a');
    cache.set('c', await page('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.html.toString()).toBe('a');
    expect(cache.size).toBe(2);
  });

  it('bounds the bytes kept', async () => {
    const cache = createPublicPageCache({ maxBytes: 5000, now: () => 0 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, await page('x'.repeat(1000) + i));
    expect(cache.bytes).toBeLessThanOrEqual(5000);
    expect(cache.get('k9')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });

  it('expires entries after maxAgeMs', async () => {
    let now = 0;
    const cache = createPublicPageCache({ maxAgeMs: 1000, now: () => now });
    cache.set('a', await page('a', 'e1', 0));
    now = 999;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops only the invalidated establishment and refuses pages loaded before an invalidation', async () => {
    const cache = createPublicPageCache({ now: () => 0 });
    cache.set('a', await page('a', 'e1'));
    cache.set('b', await page('b', 'e2'));
    const generation = cache.generation();
    cache.invalidateEstablishment('e1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    expect(cache.set('late', await page('late', 'e1'), generation)).toBe(false);
    expect(cache.set('fresh', await page('fresh', 'e1'), cache.generation())).toBe(true);
    cache.invalidateAll();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('computes strong, distinct ETags per encoding from the content', async () => {
    const a = await page('<p>olá</p>');
    const b = await page('<p>olá</p>');
    expect(a.etag).toEqual(b.etag);
    expect(new Set(Object.values(a.etag)).size).toBe(3);
    expect(a.gzip.length).toBeGreaterThan(0);
    expect(a.br.length).toBeGreaterThan(0);
  });
});
