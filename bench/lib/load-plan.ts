/**
 * Serializable descriptions of what a load run sends, so a run can be described in the orchestrating process and
 * executed in a forked one. A plan is one user intent (a command, a click, a submission); `repeat` sends the same
 * intent several times at once, as a double-click does.
 */

/** Which Slack call completes an intent: its method, and text the call must contain (e.g. the BL on the card). */
export interface Expectation {
  methods: string[];
  contains?: string[];
}

interface PlanBase {
  /** null: the intent is complete when acknowledged (nothing is awaited at the fake Slack). */
  expect: Expectation | null;
  /** Identical requests sent at once for this intent (2 = a double-click). Default 1. */
  repeat?: number;
}

export interface SlashPlan extends PlanBase {
  kind: 'slash';
  command: string;
  text: string;
}

export interface ClickPlan extends PlanBase {
  kind: 'click';
  actionId: string;
  value: string;
  blockId?: string;
}

export interface SubmitPlan extends PlanBase {
  kind: 'submit';
  callbackId: string;
  /**
   * `{key}` is replaced with the intent's key (its fake channel id) so replies can be matched, `{messageTs}` with the
   * ts of the intent's card.
   */
  privateMetadata: string;
  values: Record<string, Record<string, Record<string, unknown>>>;
}

export type RequestPlan = SlashPlan | ClickPlan | SubmitPlan;

export interface LoadSpec {
  /** Bot origin, e.g. http://127.0.0.1:PORT; requests go to `${botUrl}/slack/events`. */
  botUrl: string;
  /** Several bot origins (replicas): requests go round-robin over them instead of to `botUrl`. */
  spreadOver?: string[];
  signingSecret: string;
  concurrency: number;
  /** Upper bound on intents in the measured phase. */
  maxIntents: number;
  /** Upper bound on the measured phase; no new intent starts after it. */
  durationMs: number;
  /** Discarded warm-up before measuring (JIT, connection set-up, lazy imports). */
  warmupMs: number;
  completionTimeoutMs: number;
  /** Rotated through in order. */
  plans: RequestPlan[];
  /** Distinguishes runs so keys never collide with a previous run's late replies. */
  runId: string;
}

export interface LoadResult {
  /** Intents sent during the discarded warm-up (CPU-per-command figures need every intent the bot served). */
  warmupIntents: number;
  intents: number;
  requests: number;
  acked: number;
  /** Failed acknowledgements by cause (`status 401`, `ECONNRESET`, …). */
  ackErrors: Record<string, number>;
  completed: number;
  timedOut: number;
  /** Slack calls for an intent that did not match its expectation (e.g. an error card instead of the card). */
  otherReplies: number;
  ackMs: import('./stats.js').Summary;
  completionMs: import('./stats.js').Summary;
  elapsedMs: number;
  /** Completed intents per second over the measured phase. */
  throughput: number;
}
