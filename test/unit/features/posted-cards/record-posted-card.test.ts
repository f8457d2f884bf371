/** A card posted in a channel is recorded for watches to update later; without a workspace or a registry, nothing is. */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { recordPostedCard } from '../../../../src/features/posted-cards/record-posted-card.js';
import { silentLogger } from '../../../../src/logger.js';
import type { Card } from '../../../../src/store/index.js';

const subject = { kind: 'shipment', subjectId: 'ship-1' } as const;

describe('recording a posted card', () => {
  it('records the card with its subject and no rendered version', async () => {
    const recorded: Card[] = [];
    const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
    const cards = { record: async (card: Card) => void recorded.push(card) };
    await recordPostedCard(
      { cards, clock, logger: silentLogger },
      { teamId: 'T1', channelId: 'C1', ts: '1.2', subject },
    );
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(recorded).toEqual([
      {
        teamId: 'T1',
        channelId: 'C1',
        messageTs: '1.2',
        threadTs: null,
        kind: 'shipment',
        subjectId: 'ship-1',
        isPrivate: false,
        renderedVersion: null,
        postedAt: now,
        updatedAt: now,
      },
    ]);
  });

  it('records nothing without a workspace, and never throws when the registry fails', async () => {
    const recorded: Card[] = [];
    const cards = { record: async (card: Card) => void recorded.push(card) };
    await recordPostedCard(
      { cards, logger: silentLogger },
      { teamId: null, channelId: 'C1', ts: '1.2', subject },
    );
    expect(recorded).toEqual([]);
    const failing = { record: async () => Promise.reject(new Error('store down')) };
    await expect(
      recordPostedCard(
        { cards: failing, logger: silentLogger },
        { teamId: 'T1', channelId: 'C1', ts: '1.2', subject },
      ),
    ).resolves.toBeUndefined();
  });
});
