/**
 * The record of write intents that makes each write happen once. An intent (one person's click or submission, by its
 * idempotency key) is begun before the API is called; a second `begin` of the same key is refused while the first
 * runs and for a short window after it finished, so a double-click, a re-sent form or a re-delivered payload writes
 * once. A failed intent is forgotten, so the person can simply try again. The store-backed ledger (several replicas,
 * restarts, recovery of a replica killed mid-write) implements the same interface; `createClaimsLedger` keeps the
 * same rules on top of claims alone.
 */
import type { Claims } from './claims.js';

export interface WriteIntent {
  /** What is written: `custom_field.set`, `document.rotate`, `tracking_request.update`. */
  action: string;
  /** The id of what is written (for the record; never a submitted value). */
  target: string;
  /** Who and where, so a recovering process can report the outcome. */
  payload?: Record<string, unknown>;
  /**
   * How long a finished intent refuses a repeat, when it must be longer than the ledger's window for double-clicks:
   * a key that names one delivered payload (a view submission, a command's trigger) is held for as long as that
   * payload's signature could be replayed.
   */
  repeatWindowMs?: number;
}

export interface WriteLedger {
  /** Starts intent `key`; false when the same intent is running, or finished within the duplicate window. */
  begin(key: string, intent: WriteIntent): Promise<boolean>;
  /** The API confirmed the write; the card update and the audit line may still follow. */
  written(key: string, result?: Record<string, unknown>): Promise<void>;
  /** Everything that follows the write is done. */
  finish(key: string): Promise<void>;
  /** The write failed (or was refused): the intent is forgotten so it can be tried again. */
  fail(key: string): Promise<void>;
}

export interface ClaimsLedgerTiming {
  inFlightMs: number;
  duplicateWindowMs: number;
}

export function createClaimsLedger(claims: Claims, timing: ClaimsLedgerTiming): WriteLedger {
  const slot = (key: string) => `intent:${key}`;
  // Intents begun here with a window of their own, until they finish.
  const windows = new Map<string, number>();
  return {
    async begin(key, intent) {
      const started = await claims.claim(slot(key), timing.inFlightMs);
      if (started && intent.repeatWindowMs !== undefined) windows.set(key, intent.repeatWindowMs);
      return started;
    },
    async written() {},
    async finish(key) {
      await claims.release(slot(key));
      await claims.claim(slot(key), windows.get(key) ?? timing.duplicateWindowMs);
      windows.delete(key);
    },
    fail(key) {
      windows.delete(key);
      return claims.release(slot(key));
    },
  };
}
