/**
 * The format of SHIPWATCH_ENCRYPTION_KEY (docs/oauth.md, "Encryption at rest"): 32 random bytes written in base64
 * (standard or URL-safe, padding optional), as `openssl rand -base64 32` prints them. Anything that does not decode
 * to exactly 32 bytes is refused, so a passphrase typed by hand (weak, and of the wrong length for AES-256) cannot
 * slip through.
 */
import { randomBytes } from 'node:crypto';

export const ENCRYPTION_KEY_BYTES = 32;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The key's 32 bytes, or null when `text` is not 32 bytes in base64. */
export function decodeEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!BASE64.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === ENCRYPTION_KEY_BYTES ? bytes : null;
}

/** A new key in the accepted format (what `openssl rand -base64 32` would print). */
export function generateEncryptionKey(): string {
  return randomBytes(ENCRYPTION_KEY_BYTES).toString('base64');
}
