import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
export const TOKEN_LIFETIME = '12h';
/**
 * Private claim: the user's sessions_valid_from (epoch ms) when the token was issued. A password reset moves that
 * value, so every token carrying the old one stops working: an exact comparison, not a clock race (iat has whole
 * seconds, and a login racing the reset read the old row).
 */
const SESSION_CLAIM = 'sv';

export interface TokenSubject {
  id: string;
  sessionsValidFrom: Date;
}

export interface VerifiedToken {
  userId: string;
  /** sessions_valid_from of the user when the token was issued, in epoch milliseconds. */
  sessionsValidFrom: number;
}

export interface TokenSigner {
  sign(user: TokenSubject): Promise<string>;
  /** Who the token is for and which session generation it belongs to, or null for any token that is not ours, expired, or not HS256. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports the key again for every token it checks.
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return {
    sign: (user) =>
      new SignJWT({ [SESSION_CLAIM]: user.sessionsValidFrom.getTime() })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await verifyKey, { algorithms: [ALGORITHM] });
        const sessionsValidFrom = payload[SESSION_CLAIM];
        if (typeof payload.sub !== 'string' || !Number.isSafeInteger(sessionsValidFrom)) return null;
        return { userId: payload.sub, sessionsValidFrom: sessionsValidFrom as number };
      } catch {
        return null;
      }
    },
  };
}
