/**
 * The simulator's public contract (brief: "Cross-helper interfaces"). The tracking client, the local workspace, the
 * benchmark and the `shipwatch simulator` command all program against exactly these names.
 */
import type { Clock } from '../clock.js';
import type { DataDirContents } from './load-data-dir.js';

export interface SimulatorOptions {
  /** Demo dates are relative to clock.now() (default systemClock). */
  clock?: Clock;
  /** Added before every response. */
  latencyMs?: number;
  /** 0..1: probability of a 5xx (JSON 503 body). */
  faultRate?: number;
  /** Rolling 60 s window per API key → 429 + Retry-After. */
  rateLimitPerMinute?: number;
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
}

export interface RunningSimulator {
  /** 'http://127.0.0.1:PORT/v2' */
  url: string;
  port: number;
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
