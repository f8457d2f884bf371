/**
 * What identifies a Terminal49 API key without being it: a hash, stored to find which account a key belongs to. Keys
 * themselves are never stored in clear (docs/architecture.md, "Tenants").
 */
import { createHash } from 'node:crypto';

export function keyFingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex').slice(0, 24);
}
