import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/clock.js';
import {
  buttonIntentKey,
  createIdempotencyStore,
  deliveryKey,
  viewSubmissionKey,
} from '../../../../src/features/idempotency/index.js';

function manualClock(startMs = 0): Clock & { advance(ms: number): void } {
  let now = startMs;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const click = {
  teamId: 'T1',
  userId: 'U1',
  actionId: 'document_rotate_90',
  value: 'doc-1',
  messageTs: '1700000000.000100',
};

describe('idempotency store', () => {
  it('lets the first claim of an intent through and drops a repeat within the window', () => {
    const store = createIdempotencyStore({ clock: manualClock() });
    expect(store.claim('k', 5_000)).toBe(true);
    expect(store.claim('k', 5_000)).toBe(false);
  });

  it('lets the intent through again once the window has passed', () => {
    const clock = manualClock();
    const store = createIdempotencyStore({ clock });
    store.claim('k', 5_000);
    clock.advance(4_999);
    expect(store.claim('k', 5_000)).toBe(false);
    clock.advance(1);
    expect(store.claim('k', 5_000)).toBe(true);
  });

  it('forgets a released intent so a failed write can be retried at once', () => {
    const store = createIdempotencyStore({ clock: manualClock() });
    store.claim('k', 5_000);
    store.release('k');
    expect(store.claim('k', 5_000)).toBe(true);
  });

  it('keeps at most maxEntries intents, evicting the oldest', () => {
    const store = createIdempotencyStore({ clock: manualClock(), maxEntries: 2 });
    store.claim('a', 60_000);
    store.claim('b', 60_000);
    store.claim('c', 60_000);
    expect(store.claim('a', 60_000)).toBe(true);
    expect(store.claim('c', 60_000)).toBe(false);
  });
});

describe('intent keys', () => {
  it('gives a double-click (same user, button, value and message) one key', () => {
    expect(buttonIntentKey(click)).toBe(buttonIntentKey({ ...click }));
  });

  it('tells apart another user, another message and another value', () => {
    const key = buttonIntentKey(click);
    expect(buttonIntentKey({ ...click, userId: 'U2' })).not.toBe(key);
    expect(buttonIntentKey({ ...click, messageTs: '1700000000.000200' })).not.toBe(key);
    expect(buttonIntentKey({ ...click, value: 'doc-2' })).not.toBe(key);
  });

  it('recognises a re-sent payload by its action_ts, and a second click by a new one', () => {
    const delivery = {
      teamId: 'T1',
      userId: 'U1',
      actionId: 'document_rotate_90',
      actionTs: '1700000000.100',
    };
    expect(deliveryKey(delivery)).toBe(deliveryKey({ ...delivery }));
    expect(deliveryKey({ ...delivery, actionTs: '1700000000.400' })).not.toBe(deliveryKey(delivery));
  });

  it('treats the same submitted values as one submission whatever their key order', () => {
    expect(viewSubmissionKey('V1', { slug: 'po', value: 1 })).toBe(
      viewSubmissionKey('V1', { value: 1, slug: 'po' }),
    );
  });

  it('treats corrected values in the same view as a new submission', () => {
    expect(viewSubmissionKey('V1', { value: 'a' })).not.toBe(viewSubmissionKey('V1', { value: 'b' }));
  });
});
