/**
 * Deterministic time for the tracking layer's tests: a clock and a sleep that only move when the test says so.
 * `settle(promise)` drains pending work, then jumps the clock to the next sleeper, until the promise settles — so a
 * test of "waits 1 s then retries" runs instantly and can assert exactly how much fake time passed. `advance(ms)`
 * moves time the same way, sleeper by sleeper, stopping at now + ms.
 */
import type { Clock } from '../../../../src/clock.js';

interface Sleeper {
  at: number;
  resolve: () => void;
}

export interface FakeTime {
  clock: Clock;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Milliseconds since the fake time started. */
  elapsed(): number;
  /** Every sleep requested so far, in ms (cancelled ones included). */
  readonly sleeps: number[];
  advance(ms: number): Promise<void>;
  settle<T>(promise: Promise<T>): Promise<T>;
}

export function createFakeTime(startIso = '2026-03-01T12:00:00Z'): FakeTime {
  const start = Date.parse(startIso);
  let now = start;
  let sleepers: Sleeper[] = [];
  const sleeps: number[] = [];

  const fireDue = () => {
    const due = sleepers.filter((s) => s.at <= now);
    sleepers = sleepers.filter((s) => s.at > now);
    for (const s of due) s.resolve();
  };

  return {
    clock: { now: () => new Date(now) },
    sleeps,
    elapsed: () => now - start,
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const sleeper: Sleeper = { at: now + Math.max(0, ms), resolve };
        sleepers.push(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            sleepers = sleepers.filter((s) => s !== sleeper);
            resolve();
          },
          { once: true },
        );
      });
    },
    async advance(ms) {
      // Step through every sleeper due on the way, in order, so what they set off happens at its own time.
      const target = now + ms;
      for (;;) {
        await drain();
        const next = earliest(sleepers);
        if (next === null || next.at > target) break;
        now = Math.max(now, next.at);
        fireDue();
      }
      now = target;
      fireDue();
      await drain();
    },
    async settle<T>(promise: Promise<T>): Promise<T> {
      const box: { outcome: { value: T } | { error: unknown } | null } = { outcome: null };
      promise.then(
        (value) => {
          box.outcome = { value };
        },
        (error: unknown) => {
          box.outcome = { error };
        },
      );
      for (let step = 0; step < 10_000 && box.outcome === null; step++) {
        await drain();
        if (box.outcome !== null) break;
        const next = earliest(sleepers);
        if (next === null) throw new Error('fake time: the promise is pending but nothing is sleeping');
        now = Math.max(now, next.at);
        fireDue();
      }
      const settled = box.outcome;
      if (settled === null) throw new Error('fake time: gave up after 10 000 steps');
      if ('error' in settled) throw settled.error;
      return settled.value;
    },
  };
}

function earliest(sleepers: readonly Sleeper[]): Sleeper | null {
  return sleepers.reduce<Sleeper | null>((a, b) => (a === null || b.at < a.at ? b : a), null);
}

/** Lets every queued promise callback and I/O callback run. */
async function drain(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
