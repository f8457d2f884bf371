/**
 * The write ledger in the store: an intent is a row with a lease held by this process (`owner`). A double-click that
 * reaches another replica, a re-delivery after a restart, a replayed form: each finds the row and writes nothing.
 * A replica killed mid-write leaves the row behind; its lease expires and recover-intents.ts reports it.
 */
import type { Clock } from '../../clock.js';
import type { IntentStore } from '../../store/index.js';
import type { WriteLedger } from './write-ledger.js';

export interface StoreLedgerOptions {
  /** Unique per process: the fence of every intent it holds. */
  owner: string;
  clock: Clock;
  /** How long a running intent is held before another process may recover it. */
  inFlightMs: number;
  /** How long a finished intent refuses a repeat. */
  duplicateWindowMs: number;
}

export function ledgerFromStore(intents: IntentStore, options: StoreLedgerOptions): WriteLedger {
  const now = () => options.clock.now().getTime();
  const { owner } = options;
  return {
    async begin(key, intent) {
      const result = await intents.begin(
        { key, kind: intent.action, payload: intent },
        {
          owner,
          leaseMs: options.inFlightMs,
          now: now(),
          duplicateWindowMs: intent.repeatWindowMs ?? options.duplicateWindowMs,
        },
      );
      return result.started;
    },
    async written(key, result) {
      await intents.markWritten(key, owner, result ?? {}, now());
    },
    async finish(key) {
      await intents.finish(key, owner, now());
    },
    async fail(key) {
      await intents.fail(key, owner, {}, now());
    },
  };
}
