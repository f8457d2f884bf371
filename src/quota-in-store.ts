/**
 * The tracking account's quota kept in the store, so every process using the account counts against one limit. The
 * account is a hash of the API key: the key itself is a secret and never stored.
 */
import { createHash } from 'node:crypto';
import type { Store } from './store/index.js';
import type { SharedQuota } from './tracking/http/shared-rate-limiter.js';

export function quotaInStore(
  store: Pick<Store, 'quota'>,
  apiKey: string,
  limitPerMinute: number,
): SharedQuota {
  const account = createHash('sha256').update(apiKey).digest('hex').slice(0, 24);
  return {
    acquire: (now, inFlightHoldMs) =>
      store.quota.acquire(account, { limit: limitPerMinute, windowMs: 60_000, now, inFlightHoldMs }),
    settle: (slotId, freeAt) => store.quota.settle(slotId, freeAt),
    pause: (untilMs) => store.quota.pause(account, untilMs),
  };
}
