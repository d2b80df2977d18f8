import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** Private claim: the id of the session row the token belongs to (docs/decisions/0049). */
const SESSION_CLAIM = 'sid';

export interface TokenSubject {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export interface VerifiedToken {
  userId: string;
  sessionId: string;
}

export interface TokenSigner {
  sign(subject: TokenSubject): Promise<string>;
  /** Who the token is for and which session it belongs to, or null for any token that is not ours, expired, or not HS256. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose imports the key again for every token it checks.
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return {
    sign: ({ userId, sessionId, expiresAt }) =>
      new SignJWT({ [SESSION_CLAIM]: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await verifyKey, { algorithms: [ALGORITHM] });
        const sessionId = payload[SESSION_CLAIM];
        // Both go into a uuid comparison: anything else would be a database error, not a refusal.
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
        if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
        return { userId: payload.sub, sessionId };
      } catch {
        return null;
      }
    },
  };
}
