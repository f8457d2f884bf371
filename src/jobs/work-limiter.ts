/**
 * Caps how many acknowledged commands do their work (API call, render, post) at once. Slack gives every request only
 * 3 s to be acknowledged, and the acks of new requests wait behind whatever the event loop is doing: each command in
 * flight holds its request, its API answer and its card until it is posted, and the more of them there are, the
 * longer every young-generation collection takes. Turns (src/turns.ts) keep acks ahead of the work; the cap keeps the
 * work that is waiting small. 32 overlaps a 50 ms API well (64 concurrent commands: ~700 cards/s) while ack p99 stays
 * near 15 ms; at 16 the 50 ms API capped throughput at ~330/s, at 64 ack p99 with a 0 ms API rose to 22–27 ms.
 */

import type { Turns } from '../turns.js';

export interface WorkLimiter {
  /** Runs `task` now when fewer than the limit are running, otherwise after the ones queued before it. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

/** Post-ack commands in flight at once: enough to overlap API latency, few enough to keep acks prompt. */
export const COMMAND_CONCURRENCY = 32;

/** With `turns`, a task that has its slot still starts in its own turn (src/turns.ts), after the acks. */
export function createWorkLimiter(limit: number, turns?: Turns): WorkLimiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  let active = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its slot straight to the next one waiting (active stays as it is), so a task that arrives
  // in between cannot take that slot too and run over the limit.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else active += 1;
      try {
        await turns?.next();
        return await task();
      } finally {
        release();
      }
    },
  };
}

/** No cap (tests, and callers that bound their own concurrency). */
export const unlimitedWork: WorkLimiter = {
  active: 0,
  queued: 0,
  run: (task) => task(),
};
