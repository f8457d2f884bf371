import type { WorkLimiter } from './work-limiter.js';

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
