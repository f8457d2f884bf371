/**
 * A channel subscribed to a demo book of 200 shipments for a virtual day (bench/lib/quiet-book.ts; the bench row
 * `subscriptions-quiet` runs the same with 2,000): shipments the simulator did not change post nothing at all, and
 * each changed one that had something to tell posted its card once, with its news in the card's thread.
 */
import { describe, expect, it } from 'vitest';
import { runQuietBook } from '../../../bench/lib/quiet-book.js';

describe('a subscribed book of 200 over a virtual day', () => {
  it('posts nothing for quiet shipments, and one card with its news in the thread for each that changed', async () => {
    const result = await runQuietBook({ book: 200, hours: 24, log: () => {}, patienceMs: 60_000 });
    // The premise: the subscription took the whole book, and the day changed some of it but not all.
    expect(result.subscribed).toBeGreaterThanOrEqual(200);
    expect(result.changed).toBeGreaterThan(0);
    expect(result.quiet).toBeGreaterThan(0);
    expect(result.changedWithCard).toBeGreaterThan(0);

    expect(result.quietMessages).toBe(0);
    expect(result.unaccounted).toBe(0);
    expect(result.changedCardsNotOne).toBe(0);
    expect(result.changedCardsWithoutLine).toBe(0);
    expect(result.changedCards).toBe(result.changedWithCard);
  }, 180_000);
});
