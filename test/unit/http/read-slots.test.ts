/**
 * The read slots of the Slack endpoint: at most `limit` bodies read at once; the next request waits for a slot that is
 * handed straight to it, or is refused once its wait is over.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadSlots } from '../../../src/http/read-slots.js';

describe('the read slots', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grants up to the limit at once and hands a freed slot to the request waiting first', async () => {
    const slots = createReadSlots({ limit: 2, queueMs: 1_000 });
    expect(await slots.take()).toBe(true);
    expect(await slots.take()).toBe(true);
    const granted: string[] = [];
    const first = slots.take().then((ok) => granted.push(`first:${ok}`));
    const second = slots.take().then((ok) => granted.push(`second:${ok}`));
    slots.release();
    await first;
    expect(granted).toEqual(['first:true']);
    slots.release();
    await second;
    expect(granted).toEqual(['first:true', 'second:true']);
  });

  it('refuses a request that waited longer than the queue allows, and does not grant it a slot later', async () => {
    vi.useFakeTimers();
    const slots = createReadSlots({ limit: 1, queueMs: 1_000 });
    expect(await slots.take()).toBe(true);
    const waiting = slots.take();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await waiting).toBe(false);
    // The refused request left the queue: the slot freed now is free for the next one at once.
    slots.release();
    expect(await slots.take()).toBe(true);
  });
});
