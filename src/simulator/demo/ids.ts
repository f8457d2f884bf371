/**
 * Deterministic ids for demo resources that the catalogue does not fix: the same seed always yields the same
 * UUID-shaped id, so curl examples and bookmarks keep working across restarts.
 */
import { createHash } from 'node:crypto';

export function stableUuid(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  // One join, not a template of slices: a template keeps five heap objects per id alive, and a large book holds
  // a few hundred thousand ids.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
