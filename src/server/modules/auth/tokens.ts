import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
export const TOKEN_LIFETIME = '12h';

export interface VerifiedToken {
  userId: string;
  issuedAt: Date;
}

export interface TokenSigner {
  sign(userId: string): Promise<string>;
  /** Who the token is for and when it was issued, or null for any token that is not ours, expired, or not HS256. */
  verify(token: string): Promise<VerifiedToken | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
        return { userId: payload.sub, issuedAt: new Date(payload.iat * 1000) };
      } catch {
        return null;
      }
    },
  };
}
