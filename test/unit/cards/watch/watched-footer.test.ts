/** A watched card's footer: when it was updated, or — when its data is older than its cadence — that it is behind. */
import { describe, expect, it } from 'vitest';
import { renderShipmentCard } from '../../../../src/cards/shipment-card.js';
import { makeDetail, NOW } from '../../../fixtures/cards/factories.js';

const footerOf = (blocks: unknown[]) => JSON.stringify(blocks.at(-1));

describe('the footer of a watched card', () => {
  it('says when the card was updated while its data keeps to its cadence', () => {
    const card = renderShipmentCard(makeDetail(), { now: NOW, watch: { updatedAtMs: NOW.getTime() } });
    expect(footerOf(card.blocks)).toContain('👁 Watching · <!date^');
    expect(footerOf(card.blocks)).toContain('updated {ago}');
    expect(footerOf(card.blocks)).not.toContain('behind schedule');
  });

  it('says when the data was last checked, and that it is behind schedule, once it is older than its cadence', () => {
    const checked = NOW.getTime() - 47 * 60_000;
    const card = renderShipmentCard(makeDetail(), {
      now: NOW,
      watch: { updatedAtMs: NOW.getTime(), behindSinceCheckAt: checked },
    });
    expect(footerOf(card.blocks)).toContain(`<!date^${Math.floor(checked / 1000)}^checked {ago}|`);
    expect(footerOf(card.blocks)).toContain('· behind schedule');
  });
});
