/**
 * How much unverified webhook traffic is read at once. A body can only be checked once it is read, and anyone can
 * send a signature header, so without a bound a flood of forged notifications holds a buffer each: at most
 * `maxRequests` bodies (32) are read at once, and together they may reserve at most `maxBytes` (8 MiB; a request
 * reserves its declared length, or the body cap when it declares none). What does not fit is answered 503 with
 * `Retry-After: 1` unread: Terminal49 retries, a forger gets nothing. See docs/terminal49-webhooks.md.
 */

export interface UnverifiedBudget {
  /** Reserves room for one body of up to `bytes`; false when it does not fit now. */
  take(bytes: number): boolean;
  release(bytes: number): void;
  readonly inFlight: number;
  /** The most bodies, and bytes reserved for them, read at once so far. */
  readonly peak: { requests: number; bytes: number };
}

export const UNVERIFIED_DEFAULTS = { maxRequests: 32, maxBytes: 8 * 1024 * 1024 } as const;

export function createUnverifiedBudget(limits: { maxRequests: number; maxBytes: number }): UnverifiedBudget {
  let requests = 0;
  let bytes = 0;
  const peak = { requests: 0, bytes: 0 };
  return {
    take(size) {
      if (requests >= limits.maxRequests || bytes + size > limits.maxBytes) return false;
      requests += 1;
      bytes += size;
      peak.requests = Math.max(peak.requests, requests);
      peak.bytes = Math.max(peak.bytes, bytes);
      return true;
    },
    release(size) {
      requests -= 1;
      bytes -= size;
    },
    get inFlight() {
      return requests;
    },
    peak,
  };
}
