/**
 * The timing knobs of an interaction (a click, a command, a form): how long a form waits for the write, how long
 * repeats of an intent or a re-sent payload are dropped, and when a slow lookup shows that its answer is coming.
 */

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
  /** A lookup slower than this shows "Looking up …" where its card will go. */
  placeholderAfterMs: number;
}

export const DEFAULT_TIMING: InteractionTiming = {
  writeDeadlineMs: 2_000,
  duplicateWindowMs: 5_000,
  inFlightMs: 60_000,
  // Slack's own retry schedule reaches about 5 minutes after the first attempt.
  redeliveryWindowMs: 10 * 60_000,
  placeholderAfterMs: 1_500,
};
