/**
 * A stand-in for the API's rate limit as it is applied in production: a request is counted when it ARRIVES, a
 * one-way trip after it was sent, on a rolling 60 s window, and refused with 429 + Retry-After beyond the limit.
 * Latencies run on the test's fake time, so a test can make answers late and see whether the guard keeps up.
 */
import type { HttpResponse, HttpTransport } from '../../../../src/tracking/http/transport.js';
import type { FakeTime } from './fake-time.js';

const WINDOW_MS = 60_000;

export interface Arrival {
  sentAt: number;
  arrivedAt: number;
  status: number;
}

export interface LatentApiOptions {
  time: FakeTime;
  limitPerMinute: number;
  /** One-way trip of the request with this index (0-based, in send order). */
  uplinkMs: (index: number) => number;
  /** Trip back, the same for every answer. */
  downlinkMs?: number;
  /** Forces a 429 with this Retry-After (seconds) for this arrival; null lets the window decide. */
  refuse?: (arrival: { index: number; arrivedAt: number }) => number | null;
}

export interface LatentApi {
  transport: HttpTransport;
  /** Every request in arrival order, with fake-time milliseconds since the test started. */
  readonly arrivals: Arrival[];
  /** The most requests the API counted inside any rolling 60 s window. */
  busiestMinute(): number;
}

export function latentApi(options: LatentApiOptions): LatentApi {
  const { time } = options;
  const arrivals: Arrival[] = [];
  let sent = 0;

  const counted = () => arrivals.filter((a) => a.status !== 429).map((a) => a.arrivedAt);

  const transport: HttpTransport = async (): Promise<HttpResponse> => {
    const index = sent++;
    const sentAt = time.elapsed();
    await time.sleep(options.uplinkMs(index));
    const arrivedAt = time.elapsed();
    const inWindow = counted().filter((at) => at > arrivedAt - WINDOW_MS);
    const forced = options.refuse?.({ index, arrivedAt }) ?? null;
    const full = inWindow.length >= options.limitPerMinute;
    const status = forced !== null || full ? 429 : 200;
    arrivals.push({ sentAt, arrivedAt, status });
    await time.sleep(options.downlinkMs ?? 0);
    if (status === 200) return { status, headers: {}, text: '{"data":[]}' };
    const oldest = Math.min(...inWindow, arrivedAt);
    const retryAfter = forced ?? Math.max(1, Math.ceil((oldest + WINDOW_MS - arrivedAt) / 1000));
    return { status, headers: { 'retry-after': String(retryAfter) }, text: '{"errors":[{"status":"429"}]}' };
  };

  return {
    transport,
    arrivals,
    busiestMinute() {
      const times = counted().sort((a, b) => a - b);
      let most = 0;
      for (let end = 0, start = 0; end < times.length; end++) {
        while ((times[start] ?? 0) <= (times[end] ?? 0) - WINDOW_MS) start++;
        most = Math.max(most, end - start + 1);
      }
      return most;
    },
  };
}
