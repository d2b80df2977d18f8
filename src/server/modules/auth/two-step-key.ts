import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The key material two-step sign-in keeps out of the database (docs/decisions/0094): TOTP secrets are encrypted with
 * AES-256-GCM and recovery codes are stored as HMAC-SHA-256, both with keys derived (HKDF) from the server's signing
 * secret (JWT_SECRET or DATA_DIR/jwt-secret). A copy of the database alone reveals neither.
 */
export interface TwoStepKey {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  hashCode(code: string): string;
}

const derive = (secret: string, info: string) => Buffer.from(hkdfSync('sha256', secret, 'adega-two-step', info, 32));

export function createTwoStepKey(secret: string): TwoStepKey {
  const encryptionKey = derive(secret, 'totp-secret-encryption-v1');
  const codeKey = derive(secret, 'recovery-code-hmac-v1');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    hashCode: (code) => createHmac('sha256', codeKey).update(code).digest('base64url'),
  };
}
