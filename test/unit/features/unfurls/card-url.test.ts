/**
 * Where a card's own URL leads, without Slack or HTTP: the card of the channel it names, else the newest active
 * watch's card, else Terminal49's page for
 * the shipment; a path that is not a shipment id leads nowhere.
 */
import { describe, expect, it } from 'vitest';
import { type CardUrlPorts, cardUrlTarget } from '../../../../src/features/unfurls/card-url.js';
import type { Watch } from '../../../../src/store/index.js';

const ID = '0b6a9a4e-1f4c-4c8e-9a55-3a1c2f0d7e11';

function watch(fields: Partial<Watch>): Watch {
  // SAFETY: the use case reads only these fields of a watch.
  return {
    teamId: 'T1',
    channelId: 'C1',
    shipmentNumber: 'MAEU123',
    state: 'active',
    cardTs: '1.1',
    ...fields,
  } as Watch;
}

function ports(watches: Watch[], permalink: string | null): CardUrlPorts & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    watches: { listByShipment: async (id) => (id === ID ? watches : []) },
    permalink: async (teamId, card) => {
      asked.push({ teamId, ...card });
      return permalink;
    },
  };
}

describe("a card's own URL", () => {
  it('leads nowhere when the path is not a shipment id', async () => {
    expect(await cardUrlTarget(ports([], null), 'not-an-id')).toBeNull();
  });

  it("leads to the newest active watch's card, asked of that watch's workspace", async () => {
    const io = ports(
      [
        watch({ cardTs: '1.1' }),
        watch({ teamId: 'T2', channelId: 'C2', cardTs: '2.2' }),
        watch({ state: 'paused' }),
      ],
      'https://acme.slack.com/archives/C2/p22',
    );
    expect(await cardUrlTarget(io, ID.toUpperCase())).toBe('https://acme.slack.com/archives/C2/p22');
    expect(io.asked).toEqual([{ teamId: 'T2', channelId: 'C2', ts: '2.2' }]);
  });

  it("leads to the card of the channel the link names, and to the newest when that channel's watch is gone", async () => {
    const watches = [watch({ cardTs: '1.1' }), watch({ teamId: 'T2', channelId: 'C2', cardTs: '2.2' })];
    const io = ports(watches, 'https://acme.slack.com/archives/C1/p11');
    await cardUrlTarget(io, ID, 'C1');
    await cardUrlTarget(io, ID, 'C9');
    expect(io.asked).toEqual([
      { teamId: 'T1', channelId: 'C1', ts: '1.1' },
      { teamId: 'T2', channelId: 'C2', ts: '2.2' },
    ]);
  });

  it("leads to Terminal49 when no card watches the shipment, or the card's link cannot be had", async () => {
    const none = await cardUrlTarget(ports([watch({ cardTs: null })], null), ID);
    expect(none).toContain(ID);
    const unlinked = await cardUrlTarget(ports([watch({})], null), ID);
    expect(unlinked).toContain('MAEU123');
  });
});
