/**
 * The simulator's public contract (brief: "Cross-helper interfaces"). The tracking client, the local workspace, the
 * benchmark and the `shipwatch simulator` command all program against exactly these names.
 */
import type { AdjustableClock, Clock } from '../clock.js';
import type { DataDirContents } from './load-data-dir.js';
import type { ChangeEvent } from './timeline/change-events.js';
import type { DeliveryOptions, DeliveryRecord } from './webhooks/deliveries.js';
import type { WebhookTarget } from './webhooks/webhook-registry.js';

export interface SimulatorOptions {
  /**
   * Demo dates are relative to clock.now() at creation (default systemClock), and the demo voyages play forward as
   * it moves. A plain Clock is wrapped in an AdjustableClock of the simulator's own (see `clock` below); pass an
   * AdjustableClock to share demo time with the bot.
   */
  clock?: Clock;
  /** Serve `GET/POST /_demo/time` (key `demo`). Off by default, so a test's world only moves when the test moves it. */
  demoTimeControl?: boolean;
  /**
   * Webhooks from the start, of the `demo` account unless a target names its account (they are listed by that
   * account's `GET /v2/webhooks` too).
   */
  webhooks?: readonly WebhookTarget[];
  /** Retry, timeout, concurrency and duplicate delivery of webhook notifications. */
  webhookDelivery?: DeliveryOptions;
  /** Added before every response. */
  latencyMs?: number;
  /** 0..1: probability of a 5xx (JSON 503 body). */
  faultRate?: number;
  /** Rolling 60 s window per API key → 429 + Retry-After. */
  rateLimitPerMinute?: number;
  /**
   * A large book of business: this many more tracked shipments (generated deterministically, a mix of phases,
   * customers, tags, ports and carriers), playing forward in demo time like the demo shipments. Default 0.
   */
  book?: number;
  /** Extra JSON:API documents to serve. */
  dataDir?: string;
  /** The same, already read (`readDataDir`), so a caller that reports on the folder does not read it twice. */
  data?: DataDirContents;
  random?: () => number;
}

export interface RecordedRequest {
  method: string;
  /** Without the /v2 prefix, e.g. /shipments/ID. */
  path: string;
  /** The raw query string without the leading `?`. */
  query: string;
  /** 0 when the request was answered by a `reset` or `hang` fault. */
  status: number;
}

export interface Simulator {
  /** In-process fetch handler; URLs like http://sim/v2/shipments/ID. */
  handle(request: Request): Promise<Response>;
  /** host default 127.0.0.1, port 0 lets the OS pick. */
  listen(options?: { port?: number; host?: string }): Promise<RunningSimulator>;
  faults: { add(fault: ScriptedFault): void; clear(): void };
  /** Every request served (oldest first). */
  readonly requests: ReadonlyArray<RecordedRequest>;
  resetRequests(): void;
  /** Demo time: what the simulator reads as now. */
  readonly clock: AdjustableClock;
  /**
   * Applies the voyage steps due at clock.now() and sends their webhooks; returns the change events. Every request
   * and a one-second timer do this too, so calling it is only needed to see the events or to act at once.
   */
  tick(): ChangeEvent[];
  /** Moves demo time forward by `ms`, then ticks. */
  advance(ms: number): ChangeEvent[];
  webhooks: {
    /** Registers a webhook (as `POST /v2/webhooks` would, but in process; `demo`'s unless it names another account); returns its id. */
    add(target: WebhookTarget): string;
    /** Every delivery attempt so far (the last 1,000), oldest first. */
    readonly deliveries: ReadonlyArray<DeliveryRecord>;
    /** Resolves when no delivery is queued, in flight or waiting to be retried. */
    idle(): Promise<void>;
  };
  /** Stops the timer and webhook deliveries (also done by the close() of every listen()). */
  close(): void;
}

export interface RunningSimulator {
  /** 'http://127.0.0.1:PORT/v2' */
  url: string;
  port: number;
  /** Stops the server, and the simulator's timer and webhook deliveries. */
  close(): Promise<void>;
}

export type ScriptedFaultKind =
  | 'hang'
  | 'reset'
  | 'malformed_json'
  | 'html_404'
  | 'status'
  | 'missing_fields'
  | 'delay';

export interface ScriptedFault {
  /** Path without the /v2 prefix, e.g. /shipments/ID. */
  match?: { method?: string; path?: string | RegExp };
  kind: ScriptedFaultKind;
  status?: number;
  retryAfterSeconds?: number;
  body?: unknown;
  delayMs?: number;
  /** Default 1. */
  times?: number;
}
