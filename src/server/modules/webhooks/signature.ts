import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SECRET_MARK } from '../../../shared/webhooks.js';

/** A new endpoint secret: the mark and 256 random bits. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_MARK}${randomBytes(32).toString('base64url')}`;
}

/**
 * X-Adega-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. The time is
 * signed with the body so that a receiver can refuse a delivery replayed long after it was sent.
 */
export function webhookSignature(secret: string, body: string, at = new Date()): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** What a receiver does (the README shows it): true when `header` signs `body` with `secret`, made within `toleranceS`. */
export function verifyWebhookSignature(secret: string, body: string, header: string, now = new Date(), toleranceS = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
