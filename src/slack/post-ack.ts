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

/**
 * Where the work after an ack runs: the one place the Slack layer schedules it. Commands and buttons go through the
 * limiter, each in its own turn; `urgent` work (a loading modal, whose trigger_id expires 3 s after the click) skips
 * the queue so a busy bot still opens forms in time. On shutdown, `drain` lets acknowledged work finish for a bounded
 * time and then tells the person behind each piece still unfinished (`onAbandon`), so an ack is never followed by
 * silence.
 */
export interface PostAckWork {
  <T>(work: () => Promise<T>, options?: PostAckOptions): Promise<T>;
  /** Waits up to `ms` for the work in hand; then calls `onAbandon` of what is still unfinished. */
  drain(ms: number): Promise<{ finished: number; abandoned: number }>;
  readonly inFlight: number;
}

export interface PostAckOptions {
  urgent?: boolean;
  /** Tells the person their request was dropped (the process is stopping). */
  onAbandon?: () => Promise<unknown>;
}

export function createPostAckWork(limiter: WorkLimiter): PostAckWork {
  const inFlight = new Set<{ done: Promise<unknown>; onAbandon?: () => Promise<unknown> }>();
  const run = <T>(work: () => Promise<T>, options: PostAckOptions = {}): Promise<T> => {
    const promise = options.urgent ? work() : limiter.run(work);
    const entry = {
      done: promise.catch(() => {}),
      ...(options.onAbandon ? { onAbandon: options.onAbandon } : {}),
    };
    inFlight.add(entry);
    void entry.done.finally(() => inFlight.delete(entry));
    return promise;
  };
  return Object.assign(run, {
    get inFlight() {
      return inFlight.size;
    },
    async drain(ms: number) {
      const pending = [...inFlight];
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });
      await Promise.race([Promise.all(pending.map((entry) => entry.done)), timeout]);
      clearTimeout(timer);
      const left = [...inFlight];
      await Promise.all(left.map((entry) => entry.onAbandon?.().catch(() => {})));
      return { finished: pending.length - left.length, abandoned: left.length };
    },
  });
}

/** No cap (tests, and callers that bound their own concurrency). */
export const unlimitedWork: WorkLimiter = {
  active: 0,
  queued: 0,
  run: (task) => task(),
};
