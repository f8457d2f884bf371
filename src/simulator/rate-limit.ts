/**
 * The API's rate limit: N requests per API key on a rolling 60-second window (notes §5.1). A refused request does
 * not count against the window, and Retry-After (whole seconds, at least 1) says when the oldest counted request
 * leaves it — the only rate-limit header the real API sends.
 */

const WINDOW_MS = 60_000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string, nowMs: number): RateDecision;
}

export function createRateLimiter(limitPerMinute: number): RateLimiter {
  const windows = new Map<string, number[]>();
  return {
    take(key, nowMs) {
      let stamps = windows.get(key);
      if (!stamps) {
        stamps = [];
        windows.set(key, stamps);
      }
      let expired = 0;
      while (expired < stamps.length && (stamps[expired] ?? 0) <= nowMs - WINDOW_MS) expired += 1;
      if (expired > 0) stamps.splice(0, expired);
      if (stamps.length >= limitPerMinute) {
        const oldest = stamps[0] ?? nowMs;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000)),
        };
      }
      stamps.push(nowMs);
      return { allowed: true };
    },
  };
}
