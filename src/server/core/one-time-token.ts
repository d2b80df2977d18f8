import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: what goes into a link. */
const TOKEN_BYTES = 32;

/** A token for a link sent by e-mail (password reset, invitation), and the hash that is all the database keeps. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

/**
 * SHA-256 is enough here (no salt, no slow hash): the token is 256 random bits, so there is nothing to guess from a
 * leaked hash, and a lookup by hash stays one indexed query.
 */
export function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
