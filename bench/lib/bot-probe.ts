/**
 * Measures the bot's own time per command from inside its process, at concurrency 1: from the moment Node parses the
 * request line of `POST /slack/events` (diagnostics channel `http.server.request.start`) to the moment the bot starts
 * the Web API call that posts the card (`http.client.request.start` for node:http, which Bolt's default WebClient uses;
 * `undici:request:create` for fetch, which Shipwatch's WebClient is configured with), minus the time
 * spent waiting on the tracking API (the union of the intervals reported by a timing wrapper around the client's
 * transport). At concurrency 1 every event between two requests belongs to one command, so no correlation ids are
 * needed; the probe refuses to attribute anything when requests overlap.
 */
import diagnostics from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { unionLength } from './stats.js';

export interface CommandTiming {
  totalMs: number;
  apiWaitMs: number;
  botMs: number;
  apiCalls: number;
}

export interface BotProbe {
  /** Give this to the timing transport wrapper. */
  recordApiInterval(start: number, end: number): void;
  /** Per-command timings collected so far (commands whose card post was seen). */
  take(): { timings: CommandTiming[]; overlapping: number };
  stop(): void;
}

/** `completionPaths`: request paths of the post that completes a command, e.g. `/api/chat.postMessage`. */
export function startBotProbe(completionPaths: string[]): BotProbe {
  let current: { start: number; intervals: Array<[number, number]> } | null = null;
  let timings: CommandTiming[] = [];
  let overlapping = 0;

  const onServerRequest = (message: unknown) => {
    // SAFETY: this channel publishes `{ request: IncomingMessage, … }` (Node's documented built-in channel).
    const { request } = message as { request: IncomingMessage };
    if (!request.url?.startsWith('/slack/events')) return;
    if (current !== null) overlapping += 1;
    current = { start: performance.now(), intervals: [] };
  };
  const onClientRequest = (message: unknown) => {
    // SAFETY: both channels publish `{ request }` whose `path` is the request path (node:http ClientRequest, undici
    // Request); nothing else is read.
    const { request } = message as { request: Pick<ClientRequest, 'path'> };
    if (current === null || !completionPaths.some((path) => request.path.startsWith(path))) return;
    const end = performance.now();
    const inside = current.intervals
      .filter(([start]) => start < end)
      .map(([start, stop]): [number, number] => [start, Math.min(stop, end)]);
    const totalMs = end - current.start;
    const apiWaitMs = unionLength(inside);
    timings.push({ totalMs, apiWaitMs, botMs: totalMs - apiWaitMs, apiCalls: inside.length });
    current = null;
  };
  diagnostics.subscribe('http.server.request.start', onServerRequest);
  diagnostics.subscribe('http.client.request.start', onClientRequest);
  diagnostics.subscribe('undici:request:create', onClientRequest);

  return {
    recordApiInterval(start, end) {
      current?.intervals.push([start, end]);
    },
    take() {
      const taken = { timings, overlapping };
      timings = [];
      overlapping = 0;
      return taken;
    },
    stop() {
      diagnostics.unsubscribe('http.server.request.start', onServerRequest);
      diagnostics.unsubscribe('http.client.request.start', onClientRequest);
      diagnostics.unsubscribe('undici:request:create', onClientRequest);
    },
  };
}
