/**
 * A small in-memory TTL set that answers "is this the first time we see this intent?". A double-click on a button
 * delivers two payloads about 0.3 s apart with different action_ts, and Slack may retry a request it thinks timed out;
 * both must perform a write once. Time comes from the injected clock, so expiry is tested without waiting.
 * One process only: a multi-instance deployment needs a shared store (e.g. Redis SET NX PX) behind this interface.
 */
import type { Clock } from '../../clock.js';

export interface IdempotencyStore {
  /** True when `key` was not claimed within its TTL (and claims it now); false for a duplicate. */
  claim(key: string, ttlMs: number): boolean;
  /** Forgets `key`, so the same intent can be tried again (after a failure the user should be able to retry). */
  release(key: string): void;
}

export interface IdempotencyStoreOptions {
  clock: Clock;
  /** Oldest entries are evicted beyond this, whatever their TTL, so a flood cannot grow memory without bound. */
  maxEntries?: number;
}

export function createIdempotencyStore(options: IdempotencyStoreOptions): IdempotencyStore {
  const maxEntries = options.maxEntries ?? 10_000;
  // Insertion order doubles as age order: re-claims delete first, so the first entry is always the oldest.
  const expiries = new Map<string, number>();

  // Drops expired entries from the old end, and the oldest ones while over the cap. TTLs differ per key, so an
  // expired entry behind a live one waits for a later sweep; claim() checks expiry itself, so that is harmless.
  const sweep = (now: number) => {
    for (const [key, expiresAt] of expiries) {
      if (expiresAt > now && expiries.size <= maxEntries) break;
      expiries.delete(key);
    }
  };

  return {
    claim(key, ttlMs) {
      const now = options.clock.now().getTime();
      const expiresAt = expiries.get(key);
      if (expiresAt !== undefined && expiresAt > now) return false;
      expiries.delete(key);
      expiries.set(key, now + ttlMs);
      sweep(now);
      return true;
    },
    release(key) {
      expiries.delete(key);
    },
  };
}
