/**
 * Waiting, made injectable. Every delay in the tracking layer (backoff, Retry-After, quota waits, attempt deadlines)
 * goes through a `Sleep`, so tests drive time with a fake clock instead of real timers. The optional signal cancels
 * a sleep early (the attempt finished before its deadline); a sleep that ignores it is still correct, only slower to
 * be released.
 */

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout-based sleep that resolves early, and clears its timer, when `signal` aborts. */
export const realSleep: Sleep = (ms, signal) =>
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
    }, ms);
    // A pending retry or deadline must never keep the process alive on shutdown.
    timer.unref();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
