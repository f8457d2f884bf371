/**
 * An account's shared reads in the store (docs/store.md, "Shared reads"): what the tracking client's shared reads
 * need, keyed by the account's id. Only on PostgreSQL, where replicas run: with the embedded store one process reads
 * alone, and its own cache and coalescing already do all there is to do (writing each answer to the file would only
 * cost it time).
 */
import type { Store } from '../store/index.js';
import type { SharedReadLedger } from '../tracking/http/shared-reads.js';

/** The tracking client's `sharedReads` option for the account: set on PostgreSQL, absent otherwise. */
export function withSharedReads(
  store: Pick<Store, 'reads' | 'backend'>,
  accountId: string,
): { sharedReads?: SharedReadLedger } {
  return store.backend === 'postgres' ? { sharedReads: readsInStore(store, accountId) } : {};
}

export function readsInStore(store: Pick<Store, 'reads'>, accountId: string): SharedReadLedger {
  return {
    get: (key) => store.reads.get(accountId, key),
    claim: (key, lease) => store.reads.claim(accountId, key, lease),
    put: (key, owner, answer) => store.reads.put(accountId, key, owner, answer),
    release: (key, owner) => store.reads.release(accountId, key, owner),
    forget: () => store.reads.forget(accountId),
  };
}
