import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MARK } from '../../../shared/api-keys.js';

/** Characters of the key after its mark that lists show: enough to tell keys apart, far too few to guess the rest. */
const SHOWN_CHARACTERS = 6;

/** A new key: 256 random bits after the mark, as "adg_live_" + 43 base64url characters. */
export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_MARK}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_MARK.length + SHOWN_CHARACTERS), hash: apiKeyHash(key) };
}

/**
 * What the database keeps of a key. A plain SHA-256 is enough here, unlike for passwords: the key is 256 random bits,
 * so a stolen hash cannot be turned back into a key by guessing.
 */
export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');
