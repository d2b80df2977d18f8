import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
export const TOKEN_LIFETIME = '12h';

export interface TokenSigner {
  sign(userId: string): Promise<string>;
  /** The user id, or null for any token that is not ours, expired, or not HS256. */
  verify(token: string): Promise<string | null>;
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
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
