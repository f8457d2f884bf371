import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  isRetryable,
  isRetryableNetworkError,
  parseRetryAfterMs,
  RETRY_AFTER_CAP_MS,
} from '../../../src/tracking/http/retry-policy.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('which requests may be retried', () => {
  it('retries a read that got 429 or any 5xx', () => {
    for (const status of [429, 500, 502, 503, 504, 599]) expect(isRetryable('GET', { status })).toBe(true);
  });

  it('does not retry a read that got a 4xx other than 429', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(isRetryable('GET', { status })).toBe(false);
  });

  it('never retries a write, whatever went wrong', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(isRetryable(method, { status: 503 })).toBe(false);
      expect(isRetryable(method, { status: 429 })).toBe(false);
      expect(isRetryable(method, { error: Object.assign(new Error('reset'), { code: 'ECONNRESET' }) })).toBe(
        false,
      );
    }
  });

  it('retries a read whose connection was reset or refused', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const wrapped = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(isRetryable('GET', { error: reset })).toBe(true);
    expect(isRetryableNetworkError(wrapped)).toBe(true);
    expect(isRetryableNetworkError(new Error('socket hang up'))).toBe(true);
  });

  it('does not retry a programming error that merely happened during a read', () => {
    expect(isRetryableNetworkError(new TypeError('transport is not a function'))).toBe(false);
    expect(isRetryableNetworkError('ECONNRESET')).toBe(false);
  });
});

describe('reading Retry-After', () => {
  it('reads delta-seconds as milliseconds', () => {
    expect(parseRetryAfterMs('1', NOW)).toBe(1_000);
    expect(parseRetryAfterMs(' 60 ', NOW)).toBe(60_000);
    expect(parseRetryAfterMs('0.5', NOW)).toBe(500);
  });

  it('reads an HTTP-date as the time left until then', () => {
    expect(parseRetryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', NOW)).toBe(30_000);
  });

  it('treats an HTTP-date in the past as no wait at all', () => {
    expect(parseRetryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', NOW)).toBe(0);
  });

  it('caps an absurd wait, in seconds or as a date, at the quota window (60 s)', () => {
    expect(parseRetryAfterMs('86400', NOW)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfterMs('Mon, 02 Mar 2026 12:00:00 GMT', NOW)).toBe(RETRY_AFTER_CAP_MS);
    expect(RETRY_AFTER_CAP_MS).toBe(60_000);
  });

  it('ignores a missing, empty or unreadable header', () => {
    expect(parseRetryAfterMs(undefined, NOW)).toBeNull();
    expect(parseRetryAfterMs(null, NOW)).toBeNull();
    expect(parseRetryAfterMs('', NOW)).toBeNull();
    expect(parseRetryAfterMs('soon', NOW)).toBeNull();
    expect(parseRetryAfterMs('-5', NOW)).toBeNull();
  });
});

describe('backoff between retries', () => {
  it('waits between half and all of an exponentially growing step', () => {
    for (const attempt of [0, 1, 2]) {
      const step = BACKOFF_BASE_MS * 2 ** attempt;
      expect(backoffMs(attempt, () => 0)).toBe(step / 2);
      expect(backoffMs(attempt, () => 1)).toBe(step);
      const middle = backoffMs(attempt, () => 0.5);
      expect(middle).toBeGreaterThan(step / 2);
      expect(middle).toBeLessThan(step);
    }
  });

  it('never waits longer than the cap however many attempts came before', () => {
    expect(backoffMs(10, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(50, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });

  it('stays inside its bounds even when the random source misbehaves', () => {
    expect(backoffMs(0, () => 7)).toBe(BACKOFF_BASE_MS);
    expect(backoffMs(0, () => -3)).toBe(BACKOFF_BASE_MS / 2);
  });
});
