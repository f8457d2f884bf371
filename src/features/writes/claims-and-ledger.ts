/**
 * The claims (repeated deliveries, clicks, replayed requests) and the write ledger (each write happens once) a bot
 * runs with: the store's, shared by replicas and kept across restarts; without a store (unit tests), in-process
 * equivalents. Either may be given instead (tests).
 */
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import { createIdempotencyStore } from '../idempotency/index.js';
import { type Claims, claimsFromIdempotencyStore } from './claims.js';
import type { InteractionTiming } from './interaction-timing.js';
import { claimsFromStore } from './store-claims.js';
import { ledgerFromStore } from './store-ledger.js';
import { createClaimsLedger, type WriteLedger } from './write-ledger.js';

export interface ClaimsAndLedgerOptions {
  store?: Pick<Store, 'claims' | 'intents'>;
  claims?: Claims;
  ledger?: WriteLedger;
  /** This process's name in the store's leases (src/process-owner.ts). */
  owner: string;
  /** Wall time: expiries and leases. */
  clock: Clock;
  timing: InteractionTiming;
}

export function claimsAndLedger(options: ClaimsAndLedgerOptions): { claims: Claims; ledger: WriteLedger } {
  const { store, clock, timing } = options;
  const claims =
    options.claims ??
    (store
      ? claimsFromStore(store.claims, clock)
      : claimsFromIdempotencyStore(createIdempotencyStore({ clock })));
  const ledger =
    options.ledger ??
    (store
      ? ledgerFromStore(store.intents, { owner: options.owner, clock, ...timing })
      : createClaimsLedger(claims, timing));
  return { claims, ledger };
}
