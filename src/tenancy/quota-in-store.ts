/**
 * A Terminal49 account's quota kept in the store, so every process using the account counts against one limit. Keyed
 * by the account's id: replacing the account's key keeps its quota.
 */
import type { Store } from '../store/index.js';
import type { SharedQuota } from '../tracking/http/shared-rate-limiter.js';

export function quotaInStore(
  store: Pick<Store, 'quota'>,
  accountId: string,
  limitPerMinute: number,
): SharedQuota {
  return {
    acquire: (now, inFlightHoldMs) =>
      store.quota.acquire(accountId, { limit: limitPerMinute, windowMs: 60_000, now, inFlightHoldMs }),
    settle: (slotId, freeAt) => store.quota.settle(slotId, freeAt),
    pause: (untilMs) => store.quota.pause(accountId, untilMs),
  };
}

/**
 * One of the account's separate API quotas (creating tracking requests, inferring numbers), kept in the store under
 * `<account id>:<bucket>` so it never shares slots with the account's reads.
 */
export function bucketQuotaInStore(
  store: Pick<Store, 'quota'>,
  accountId: string,
): (bucket: 'create' | 'infer', limitPerMinute: number) => SharedQuota {
  return (bucket, limitPerMinute) => quotaInStore(store, `${accountId}:${bucket}`, limitPerMinute);
}
