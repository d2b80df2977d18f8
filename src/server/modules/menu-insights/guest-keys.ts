/**
 * What a guest is known by while counting, without a cookie or anything kept about them (docs/decisions/0083): HMACs
 * of the address (and user agent) under a key derived in memory from the server's secret and the day. Every process
 * derives the same key, so they agree on a visitor; the key is never stored, and tomorrow's hashes do not match today's.
 */
import { createHmac } from 'node:crypto';
import { HOUR_MS } from './batched-counts.js';
import { VISIT_WINDOW_MS } from './view-counter.js';

const DAY_MS = 24 * HOUR_MS;
/**
 * The key changes at 06:00 in Brasília (09:00 UTC), the quietest hour for a menu, not at UTC midnight (21:00 there,
 * mid-service): a guest's visit is not split in two by the change.
 */
const DAY_STARTS_AT_UTC_MS = 9 * HOUR_MS;
/**
 * A guest's pages within a visit reuse their hashes instead of computing HMACs on every request (they were the
 * counting's largest cost on the page's path): in memory only, all forgotten every VISIT_WINDOW_MS, at the day's
 * change and when this many guests are remembered.
 */
const MAX_REMEMBERED = 20_000;

export interface GuestKeys {
  /** The visitor a page view is counted for: the address and the browser. */
  visitor(address: string, userAgent: string): string;
  /** The address alone, for what it may add per minute (kept in memory only). */
  address(address: string): string;
}

export function createGuestKeys(secret: string, now: () => number = Date.now): GuestKeys {
  let dayEndsAt = Number.NEGATIVE_INFINITY;
  let key = Buffer.alloc(0);
  let remembered = new Map<string, string>();
  let forgetAt = 0;
  const hash = (text: string) => {
    const at = now();
    if (at >= forgetAt) {
      remembered = new Map();
      forgetAt = at + VISIT_WINDOW_MS;
    }
    if (at >= dayEndsAt || at < dayEndsAt - DAY_MS) {
      const day = Math.floor((at - DAY_STARTS_AT_UTC_MS) / DAY_MS);
      dayEndsAt = (day + 1) * DAY_MS + DAY_STARTS_AT_UTC_MS;
      key = createHmac('sha256', secret).update(`menu-visitors:${day}`).digest();
      remembered = new Map();
    }
    let hashed = remembered.get(text);
    if (hashed === undefined) {
      hashed = createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
      if (remembered.size >= MAX_REMEMBERED) remembered = new Map();
      remembered.set(text, hashed);
    }
    return hashed;
  };
  return {
    visitor: (address, userAgent) => hash(`${address}\n${userAgent}`),
    address: (address) => hash(address),
  };
}
