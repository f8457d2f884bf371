/**
 * Time running faster than the wall clock, for measuring behaviour over rate-limit windows without waiting for
 * them: with `factor` 60, one real second is one simulated minute. The clock and the sleep agree, so a component that
 * takes both (the tracking client) and one that takes the clock (the simulator) see the same simulated time.
 */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../../src/clock.js';

export interface ScaledTime {
  clock: Clock;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Simulated milliseconds since creation. */
  elapsedMs(): number;
}

export function scaledTime(factor: number, start = new Date()): ScaledTime {
  const origin = performance.now();
  const elapsedMs = () => (performance.now() - origin) * factor;
  return {
    clock: { now: () => new Date(start.getTime() + elapsedMs()) },
    elapsedMs,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (ms <= 0 || signal?.aborted) {
          resolve();
          return;
        }
        const onAbort = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        }, ms / factor);
        timer.unref();
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

/** The most events inside any window of `windowMs` (times ascending). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
