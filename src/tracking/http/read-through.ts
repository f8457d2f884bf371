/**
 * Cache + coalescing in front of every read. `fresh` skips the cache but still joins an identical read in flight.
 * A write bumps the epoch and drops the tags it touched, so neither a cached nor an in-flight pre-write result is
 * served after it. Errors are never cached.
 */
import { TrackingApiError } from '../errors.js';
import { createCoalescer } from './coalescer.js';
import type { TtlCache } from './ttl-cache.js';

export interface ReadThrough {
  read<T>(spec: ReadSpec<T>, options?: { fresh?: boolean; signal?: AbortSignal }): Promise<T>;
  /** Drops every cached read carrying one of `tags` and keeps in-flight reads from being cached or joined. */
  invalidate(tags: readonly string[]): void;
}

export interface ReadSpec<T> {
  key: string;
  load: () => Promise<T>;
  /** Tags of the result, for invalidation by writes. */
  tags: (value: T) => readonly string[];
  /** When the loaded value stops being fresh, if sooner than the cache's TTL (an answer another replica fetched). */
  expiresAt?: () => number | undefined;
}

export function createReadThrough(cache: TtlCache): ReadThrough {
  const coalescer = createCoalescer();
  let epoch = 0;
  return {
    read<T>(spec: ReadSpec<T>, options: { fresh?: boolean; signal?: AbortSignal } = {}): Promise<T> {
      if (options.fresh !== true) {
        const hit = cache.get(spec.key);
        // SAFETY: entries under a key are only written below by the read with that same key and loader, so a T.
        if (hit !== undefined) return Promise.resolve(hit.value as T);
      }
      const startedIn = epoch;
      const shared = coalescer.run(spec.key, startedIn, () =>
        spec.load().then((value) => {
          if (epoch === startedIn) cache.set(spec.key, value, spec.tags(value), spec.expiresAt?.());
          return value;
        }),
      );
      return options.signal === undefined ? shared : abandonable(shared, options.signal);
    },
    invalidate(tags) {
      epoch++;
      for (const tag of tags) cache.invalidateTag(tag);
    },
  };
}

/** One caller giving up must not cancel the request others are waiting on: it only stops waiting. */
function abandonable<T>(shared: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    shared.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function aborted(): TrackingApiError {
  return new TrackingApiError({ code: 'timeout', message: 'The read was abandoned by its caller' });
}
