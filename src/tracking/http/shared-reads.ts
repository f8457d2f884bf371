/**
 * Reads shared by replicas (docs/store.md, "Shared reads"): in front of the API, behind this process's own cache and
 * coalescing (read-through.ts), so only what this process does not have reaches it. For a GET it looks in the store
 * for an answer recent enough (fetched within the cache TTL, or — for a Refresh — since the click); when there is
 * none, one replica takes the key's lease and fetches while the others poll the store for its answer. Two replicas
 * looking up the same shipment thus cost one request, as two people in one process already did.
 *
 * It never makes a read fail: a store that does not answer, a lease held past its time (its holder died), or a wait
 * longer than the lease all end in this process fetching for itself. Errors are not shared: the lease is released
 * and the next reader fetches.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { ApiResponse } from './request-executor.js';
import type { Sleep } from './timers.js';

/** One account's rows in the store (`store.reads` for one account has this shape; see tenancy/reads-in-store.ts). */
export interface SharedReadLedger {
  get(key: string): Promise<{
    body: string | null;
    receivedAt: number | null;
    fetchedAt: number | null;
    leaseUntil: number;
  } | null>;
  claim(
    key: string,
    lease: { owner: string; now: number; leaseMs: number; notBefore: number },
  ): Promise<boolean>;
  put(
    key: string,
    owner: string,
    answer: { body: string; receivedAt: number; fetchedAt: number },
  ): Promise<boolean>;
  release(key: string, owner: string): Promise<void>;
  forget(): Promise<number>;
}

export interface SharedReads {
  /** `load`'s answer, or another replica's answer to the same GET fetched at or after `notBefore` (wall clock). */
  fetch(url: string, notBefore: number, load: () => Promise<ApiResponse>): Promise<ApiResponse>;
  /** A write went through: other replicas must not be served what was read before it. */
  forget(): Promise<void>;
}

export interface SharedReadsOptions {
  ledger: SharedReadLedger;
  clock: Clock;
  sleep: Sleep;
  logger: Logger;
  /** How long one fetch may hold a key (a read's total timeout): waiting longer means its holder is gone. */
  leaseMs: number;
  /** How often a waiting replica looks for the answer. Default 20 ms. */
  pollMs?: number;
  /** This process in the leases. Default: a random id. */
  owner?: string;
}

export function createSharedReads(options: SharedReadsOptions): SharedReads {
  const { ledger, clock, sleep, logger, leaseMs } = options;
  const pollMs = options.pollMs ?? 20;
  const owner = options.owner ?? `reads-${randomUUID()}`;
  let degraded = false;
  const degrade = (error: unknown) => {
    if (!degraded) logger.warn('shared reads unreachable; reading for this process only', { error });
    degraded = true;
  };
  const now = () => clock.now().getTime();

  return {
    async fetch(url, notBefore, load) {
      const waitUntil = now() + leaseMs;
      for (;;) {
        let stored: Awaited<ReturnType<SharedReadLedger['get']>>;
        let claimed = false;
        const at = now();
        try {
          stored = await ledger.get(url);
          if (stored?.body != null && stored.fetchedAt !== null && stored.fetchedAt >= notBefore)
            return answerOf(stored.body, stored.receivedAt ?? stored.fetchedAt, stored.fetchedAt);
          if (stored === null || stored.leaseUntil <= at)
            claimed = await ledger.claim(url, { owner, now: at, leaseMs, notBefore });
          degraded = false;
        } catch (error) {
          degrade(error);
          return load();
        }
        if (claimed) return fetchAndShare(url);
        // Another replica is fetching it (or has just stored it: the next look finds it).
        if (at >= waitUntil) return load();
        if (stored !== null && stored.leaseUntil > at)
          await sleep(Math.min(pollMs, stored.leaseUntil - at, waitUntil - at));
      }

      async function fetchAndShare(key: string): Promise<ApiResponse> {
        let response: ApiResponse;
        try {
          response = await load();
        } catch (error) {
          ledger.release(key, owner).catch(degrade);
          throw error;
        }
        ledger
          .put(key, owner, {
            body: response.text,
            receivedAt: response.receivedAt.getTime(),
            fetchedAt: now(),
          })
          .catch(degrade);
        return response;
      }
    },
    async forget() {
      await ledger.forget().catch(degrade);
    },
  };
}

/** A stored answer as the executor would have returned it (a GET that reached here succeeded: 200). */
function answerOf(body: string, receivedAt: number, sharedAt: number): ApiResponse {
  return { status: 200, headers: {}, text: body, receivedAt: new Date(receivedAt), sharedAt };
}
