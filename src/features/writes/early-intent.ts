/**
 * A write's intent recorded before Slack is acknowledged. Once Slack has its ack the person believes the request was
 * taken; a process killed between the ack and the write's first store call would lose it without a trace. So a
 * listener that is about to acknowledge a write begins its intent first, bounded: within `timeoutMs` (500 ms) the
 * ledger answers and the ack follows; a store that does not answer in time gets no write at all, and the person the
 * store-unavailable message instead. An intent begun here and then cut short by a crash is found by the intent
 * recovery (recover-intents.ts), which tells the person.
 */
import type { Logger } from '../../logger.js';
import { type Settled, settleWithin } from './deadline.js';
import type { WriteIntent, WriteLedger } from './write-ledger.js';

/** How long an acknowledgement may wait for the intent to be recorded (Slack allows 3 s for the whole round trip). */
export const EARLY_INTENT_TIMEOUT_MS = 500;

export const STORE_DOWN =
  "Shipwatch can't reach its database right now, so nothing was changed. Try again in a minute.";

export interface EarlyIntent extends WriteIntent {
  key: string;
}

/** begun: recorded, the write may go ahead. duplicate: the same intent is running or just finished. */
export type EarlyOutcome = 'begun' | 'duplicate' | 'unavailable';

export async function beginBeforeAck(
  ledger: WriteLedger,
  logger: Logger,
  intent: EarlyIntent,
  timeoutMs = EARLY_INTENT_TIMEOUT_MS,
): Promise<EarlyOutcome> {
  const { key, ...rest } = intent;
  const race = await settleWithin(ledger.begin(key, rest), timeoutMs);
  if (race.settled) return read(race.outcome, logger, intent);
  logger.error('write ledger too slow; nothing written', { action: intent.action, timeoutMs });
  // Too late to act on: an intent recorded after all is released, or recovery would report a write nobody awaits.
  void race.late.then((late) => {
    if (late.ok && late.value) {
      ledger.fail(key).catch((error: unknown) => logger.warn('could not release a late intent', { error }));
    }
  });
  return 'unavailable';
}

function read(outcome: Settled<boolean>, logger: Logger, intent: EarlyIntent): EarlyOutcome {
  if (!outcome.ok) {
    logger.error('write ledger unavailable; nothing written', {
      action: intent.action,
      error: outcome.error,
    });
    return 'unavailable';
  }
  return outcome.value ? 'begun' : 'duplicate';
}
