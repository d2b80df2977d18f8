/**
 * How much one address can add to the counts per minute (views, searches and filters alike; docs/decisions/0083): a
 * script loading the page in a loop stops adding after the limit, and the page itself keeps answering. In memory, per
 * process: with several processes behind nginx an address can add this much in each.
 */

/**
 * Counts per address and minute: a restaurant's guests share one Wi-Fi address, and a full room arriving, searching
 * and filtering passes; a loop does not. The same figure as the wine-open beacons' (EVENTS_PER_MINUTE).
 */
export const GUEST_COUNTS_PER_MINUTE = 120;
/** Addresses followed in one minute, at most: past it, new addresses add nothing until the next minute. */
const MAX_ADDRESSES = 50_000;
const MINUTE_MS = 60_000;

export interface AddressQuota {
  /** Takes one of the address's counts for this minute; false once they are spent. */
  take(address: string): boolean;
}

// `() => Date.now()`, not `Date.now`: the clock is read at each call, so a test that sets the time (vi.setSystemTime) sets
// this one too.
export function createAddressQuota(perMinute = GUEST_COUNTS_PER_MINUTE, now: () => number = () => Date.now()): AddressQuota {
  let minute = -1;
  const used = new Map<string, number>();
  return {
    take(address) {
      const current = Math.floor(now() / MINUTE_MS);
      if (current !== minute) {
        minute = current;
        used.clear();
      }
      const n = used.get(address) ?? 0;
      if (n >= perMinute || (n === 0 && used.size >= MAX_ADDRESSES)) return false;
      used.set(address, n + 1);
      return true;
    },
  };
}
