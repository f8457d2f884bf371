/**
 * The replay guard of a signed endpoint: the same signed request seen twice does nothing the second time. A request
 * is known by its timestamp (whole seconds, as signed) and its signature's digest; `firstSighting` asks the store (or
 * claims in memory) whether it was seen before.
 *
 * The guard fails open while the store cannot answer: the request is already signed and at most 5 minutes old, every
 * write still needs the store (its idempotency ledger) and is refused with a clear message without it, so a replay in
 * that window can only repeat a lookup. Refusing everything instead would answer every person with Slack's bare
 * "failed with the error" during a database outage.
 */
import type { Claims } from '../features/writes/claims.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';

export interface SignedRequest {
  timestamp: string;
  signature: string;
}

export type FirstSighting = (request: SignedRequest) => Promise<boolean>;

/** The replay window: a signed request older than this is refused by its timestamp anyway (Slack's five minutes). */
const REPLAY_WINDOW_MS = 5 * 60_000;

/** The store's sightings, shared by replicas; without a store, a claim held for the replay window. */
export function sightingsIn(store: Pick<Store, 'sightings'> | undefined, claims: Claims): FirstSighting {
  return ({ timestamp, signature }) =>
    store
      ? store.sightings.first(Number(timestamp), signature)
      : claims.claim(`replay:${timestamp}:${signature}`, REPLAY_WINDOW_MS);
}

/** `firstSighting`, failing open (logged once per outage) while it throws. */
export function failingOpen(firstSighting: FirstSighting, logger: Logger): FirstSighting {
  /** The guard's store failed on the last request. */
  let down = false;
  return async (request) => {
    let first: boolean;
    try {
      first = await firstSighting(request);
    } catch (error) {
      if (!down) logger.warn('replay guard unavailable (store); letting signed requests through', { error });
      down = true;
      return true;
    }
    if (down) logger.info('replay guard available again');
    down = false;
    return first;
  };
}
