/**
 * Claims answer "is this the first time within the window?" for repeated deliveries and clicks: a Slack re-delivery of
 * a payload, a double-click on Refresh. They are asynchronous because they live in the store when several replicas
 * share one (a claim made on one replica must hold on the others); `fromIdempotencyStore` adapts the in-process one.
 */
import type { IdempotencyStore } from '../idempotency/index.js';

export interface Claims {
  /** True when `key` was not claimed within its TTL (and claims it now); false for a repeat. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Forgets `key`, so the same intent can be tried again. */
  release(key: string): Promise<void>;
}

export function claimsFromIdempotencyStore(store: IdempotencyStore): Claims {
  return {
    claim: async (key, ttlMs) => store.claim(key, ttlMs),
    release: async (key) => store.release(key),
  };
}
