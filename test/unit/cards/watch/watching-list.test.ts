/**
 * `/shipwatch watching` orders the channel's watches by attention tier first (the rule the scheduler polls by), then
 * by the card's headline, and paused watches last.
 */
import { describe, expect, it } from 'vitest';
import { renderWatchingList } from '../../../../src/cards/watch/watching-list.js';
import { makeContainer, makeDetail, NOW } from '../../../fixtures/cards/factories.js';

describe('the list of watched shipments', () => {
  it('puts an LFD due by the next working day above a held box, whatever their headlines say', () => {
    const dueMonday = makeDetail({
      shipment: { billOfLadingNumber: 'ZDUEMONDAY' },
      containers: [makeContainer()],
    });
    const held = makeDetail({
      shipment: { billOfLadingNumber: 'HELDBOX001' },
      containers: [makeContainer()],
    });
    const listed = renderWatchingList(
      [
        { shipmentNumber: 'HELDBOX001', detail: held, paused: null, tier: 'held_after_discharge' },
        { shipmentNumber: 'PAUSED0001', detail: held, paused: 'is_archived', tier: 'lfd_passed' },
        { shipmentNumber: 'ZDUEMONDAY', detail: dueMonday, paused: null, tier: 'lfd_next_working_day' },
        { shipmentNumber: 'NOTHING001', detail: held, paused: null, tier: 'none' },
      ],
      NOW.getTime(),
    );
    const text = JSON.stringify(listed.blocks);
    const order = ['ZDUEMONDAY', 'HELDBOX001', 'NOTHING001', 'PAUSED0001'].map((number) =>
      text.indexOf(number),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
