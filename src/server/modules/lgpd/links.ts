/**
 * The export's download link: /api/lgpd/exports/<id>/download?expires=<ms>&signature=<hmac>. Signed with a key derived
 * from the JWT secret, so it works on any process, cannot be made up or extended, and ends when `expires` passes
 * (24 h after the ZIP was built): then 410.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ExportLinks {
  url(requestId: string, expiresAt: Date): string;
  /** Whether the signature is ours for this id and expiry. */
  verify(requestId: string, expires: string, signature: string): boolean;
}

export function createExportLinks(secret: string): ExportLinks {
  const key = createHmac('sha256', secret).update('adega:lgpd-export-link').digest();
  const sign = (requestId: string, expires: string) => createHmac('sha256', key).update(`${requestId}.${expires}`).digest('hex');
  return {
    url(requestId, expiresAt) {
      const expires = String(expiresAt.getTime());
      return `/api/lgpd/exports/${requestId}/download?expires=${expires}&signature=${sign(requestId, expires)}`;
    },
    verify(requestId, expires, signature) {
      const expected = Buffer.from(sign(requestId, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
