/**
 * Discrete-event time for measuring behaviour over rate-limit windows exactly and fast. Time stands still while
 * anything is running and jumps to the next timer only when the process has gone quiet (several event-loop turns
 * with nothing new), so a 60 s window costs no wall time, and processing delays on a busy machine cannot leak into
 * the simulated timeline. The clock and the sleep are handed to the tracking client (clock and sleep) and the
 * simulator (clock); network latency, when wanted, is modelled explicitly with `sleep`.
 */
import type { Clock } from '../../src/clock.js';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

export interface VirtualTime {
  clock: Clock;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Virtual milliseconds since creation. */
  elapsedMs(): number;
  /** Runs `work`, advancing virtual time whenever the process is idle, until `work` settles. */
  run<T>(work: Promise<T>): Promise<T>;
}

const QUIET_TURNS = 5;

export function virtualTime(start = new Date()): VirtualTime {
  const origin = start.getTime();
  let now = origin;
  let seq = 0;
  let timers: Timer[] = [];

  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || signal?.aborted) {
        resolve();
        return;
      }
      const timer: Timer = { at: now + ms, seq: seq++, resolve };
      timers.push(timer);
      signal?.addEventListener(
        'abort',
        () => {
          timers = timers.filter((t) => t !== timer);
          resolve();
        },
        { once: true },
      );
    });

  return {
    clock: { now: () => new Date(now) },
    sleep,
    elapsedMs: () => now - origin,
    async run(work) {
      let settled = false;
      work.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      while (!settled) {
        for (let turn = 0; turn < QUIET_TURNS && !settled; turn++) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (settled) break;
        if (timers.length === 0)
          throw new Error('virtual time: work is waiting on something other than time');
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = timers.shift();
        if (!next) break;
        now = Math.max(now, next.at);
        next.resolve();
      }
      return work;
    },
  };
}
