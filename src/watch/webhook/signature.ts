/**
 * Terminal49's webhook signature (docs/terminal49-webhooks.md): `X-T49-Webhook-Signature` is the hex HMAC-SHA256 of
 * the raw body bytes keyed with the webhook's secret. Checked on the bytes before anything parses them, with a
 * constant-time comparison, so neither a forged body nor the time the check takes tells an attacker anything.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-t49-webhook-signature';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

export function signWebhookBody(body: Uint8Array | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Shaped like a signature (hex SHA-256): anything else is refused before its body is read. */
export function looksSigned(header: string): boolean {
  return HEX_SHA256.test(header.trim());
}

export function isValidSignature(body: Uint8Array, header: string | undefined, secret: string): boolean {
  if (header === undefined || !HEX_SHA256.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(header.trim(), 'hex'));
}
