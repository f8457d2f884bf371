/**
 * What every interaction listener shares: the bot's dependencies plus the process-wide idempotency store and member
 * directory, and the timing knobs. Built once by `registerInteractions`.
 */
import type { Clock } from '../../../../clock.js';
import type { Config } from '../../../../config/env.js';
import type { Logger } from '../../../../logger.js';
import type { TrackingClient } from '../../../../tracking/tracking-client.js';
import type { Turns } from '../../../../turns.js';
import type { ChatApi } from '../../../delivery/chat-api.js';
import type { IdempotencyStore } from '../../../idempotency/index.js';
import type { MemberDirectory } from '../../../policy/index.js';

/** Structurally the same as `BotDependencies` (src/slack/types.ts). */
export interface InteractionDependencies {
  config: Readonly<Config>;
  tracking: TrackingClient;
  logger: Logger;
  clock: Clock;
  chat?: ChatApi;
}

export interface InteractionTiming {
  /**
   * How long a modal submission waits for the API's answer before acknowledging Slack. Slack's hard limit is 3 s for
   * the whole round trip; 2 s leaves room for Bolt, the network and the ack itself.
   */
  writeDeadlineMs: number;
  /** Repeats of the same intent within this window after it finished are dropped (double-clicks, retries). */
  duplicateWindowMs: number;
  /** While an intent is still running, repeats are dropped for up to this long. */
  inFlightMs: number;
  /** A re-sent payload (same action_ts, e.g. a Slack retry) is dropped for this long. */
  redeliveryWindowMs: number;
}

export const DEFAULT_TIMING: InteractionTiming = {
  writeDeadlineMs: 2_000,
  duplicateWindowMs: 5_000,
  inFlightMs: 60_000,
  // Slack's own retry schedule reaches about 5 minutes after the first attempt.
  redeliveryWindowMs: 10 * 60_000,
};

export interface InteractionRuntime {
  deps: InteractionDependencies;
  idempotency: IdempotencyStore;
  directory: MemberDirectory;
  timing: InteractionTiming;
  /** A button's work after its ack starts in its own turn (src/turns.ts), so other requests are acked first. */
  turns?: Turns;
}

/**
 * Claims an intent for as long as it runs; `settle` then keeps it for the short duplicate window after success, or
 * releases it after a failure so the person can simply try again.
 */
export function holdIntent(runtime: InteractionRuntime, key: string) {
  const claimed = runtime.idempotency.claim(key, runtime.timing.inFlightMs);
  return {
    claimed,
    settle(ok: boolean) {
      if (!claimed) return;
      runtime.idempotency.release(key);
      if (ok) runtime.idempotency.claim(key, runtime.timing.duplicateWindowMs);
    },
  };
}
