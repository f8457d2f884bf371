/**
 * `/shipwatch watching` says how many shipments the channel watches and how many need attention, then orders what it
 * shows by attention tier first (the rule the scheduler polls by), then by the card's headline, paused watches last;
 * each number links to its card when the watch has one.
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
      {
        watched: 4,
        paused: 1,
        needAttention: 2,
        shown: [
          { shipmentNumber: 'HELDBOX001', detail: held, paused: null, tier: 'held_after_discharge' },
          { shipmentNumber: 'PAUSED0001', detail: held, paused: 'is_archived', tier: 'lfd_passed' },
          { shipmentNumber: 'ZDUEMONDAY', detail: dueMonday, paused: null, tier: 'lfd_next_working_day' },
          { shipmentNumber: 'NOTHING001', detail: held, paused: null, tier: 'none' },
        ],
      },
      NOW.getTime(),
    );
    const text = JSON.stringify(listed.blocks);
    const order = ['ZDUEMONDAY', 'HELDBOX001', 'NOTHING001', 'PAUSED0001'].map((number) =>
      text.indexOf(number),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('counts the whole channel, shows what it was given, and says how many more there are', () => {
    const detail = makeDetail({ containers: [makeContainer()] });
    const listed = renderWatchingList(
      {
        watched: 2000,
        paused: 0,
        needAttention: 37,
        shown: Array.from({ length: 40 }, (_, i) => ({
          shipmentNumber: `BL${String(i).padStart(4, '0')}`,
          detail,
          paused: null,
          tier: 'lfd_today' as const,
          permalink: i === 0 ? 'https://acme.slack.com/archives/C1/p1767225600000100' : null,
        })),
      },
      NOW.getTime(),
    );
    const text = JSON.stringify(listed.blocks);
    expect(listed.text).toBe('2,000 shipments watched · 37 need attention in this channel');
    expect(text).toContain('2,000 shipments watched · 37 need attention');
    expect(text).toContain('+1,960 more not shown');
    expect(text).toContain('<https://acme.slack.com/archives/C1/p1767225600000100|BL0000>');
    expect(text).not.toContain('|BL0001>');
  });

  it('counts a watch that has no card yet and shows its number without a link', () => {
    const listed = renderWatchingList(
      {
        watched: 1,
        paused: 0,
        needAttention: 0,
        shown: [{ shipmentNumber: 'QUIET00001', detail: null, paused: null, tier: null }],
      },
      NOW.getTime(),
    );
    expect(listed.text).toBe('1 shipment watched · 0 need attention in this channel');
    expect(JSON.stringify(listed.blocks)).toContain('*QUIET00001*: no reading yet');
  });
});
