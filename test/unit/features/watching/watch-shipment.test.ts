/**
 * Watching a shipment as a use case, with no Slack in sight: a conversation that records what it was asked to do, and
 * watching's store as a map. A new card is posted and attached to the watch reserved for it; a card that cannot be
 * posted leaves no watch behind; a shipment a subscription watches quietly gets its card; a second watch is refused
 * with the watch already there; and a line the card's thread refuses goes to the person instead.
 */
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { Conversation } from '../../../../src/features/conversation.js';
import { postWatchLine } from '../../../../src/features/watching/watch-line.js';
import {
  type WatchReady,
  watchableHere,
  watchShipment,
} from '../../../../src/features/watching/watch-shipment.js';
import { silentLogger } from '../../../../src/logger.js';
import { NotifyError } from '../../../../src/notify/notifier.js';
import type { Watch, WatchKey } from '../../../../src/store/index.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';
import { shipmentDetailFixture } from '../../../helpers/slack/model-fixtures.js';

const PLACE = { teamId: 'T1', channelId: 'C1' };

function world(options: { posts?: boolean; threads?: boolean } = {}) {
  const watches = new Map<string, Watch>();
  const id = (key: WatchKey) => `${key.teamId}/${key.channelId}/${key.shipmentId}`;
  const said: Array<{ move: string; text: string }> = [];
  const watching = {
    async find(teamId: string, channelId: string, shipmentId: string) {
      return watches.get(id({ teamId, channelId, shipmentId })) ?? null;
    },
    async watch(request: { teamId: string; channelId: string; userId: string; cardTs: string | null }) {
      const detail = shipmentDetailFixture();
      const key = { teamId: request.teamId, channelId: request.channelId, shipmentId: detail.shipment.id };
      const there = watches.get(id(key));
      if (there?.state === 'active') return { outcome: 'exists', watch: there };
      const watch = {
        ...key,
        shipmentNumber: detail.shipment.billOfLadingNumber,
        cardTs: request.cardTs,
        threadTs: request.cardTs,
        createdBy: request.userId,
        state: 'active',
        subscriptionId: null,
      } as Watch; // SAFETY: the use case reads only these fields.
      watches.set(id(key), watch);
      return { outcome: 'created', watch };
    },
    async release(key: WatchKey) {
      return watches.delete(id(key));
    },
    async cardPosted(key: WatchKey, card: { cardTs: string; threadTs: string }) {
      const watch = watches.get(id(key));
      if (!watch) return false;
      watches.set(id(key), { ...watch, ...card });
      return true;
    },
  } as unknown as WatchService; // SAFETY: watching a shipment uses only find, watch, release and cardPosted.
  const conversation: Conversation = {
    async postCard(message) {
      said.push({ move: 'postCard', text: message.text });
      return options.posts === false ? null : { ts: '1700000000.000100' };
    },
    async replaceCard(message) {
      said.push({ move: 'replaceCard', text: message.text });
    },
    async updateCard(_card, message) {
      said.push({ move: 'updateCard', text: message.text });
    },
    async postInThread(_thread, message: SlackMessage) {
      if (options.threads === false) throw new NotifyError('gone', 'not_in_channel');
      said.push({ move: 'postInThread', text: message.text });
    },
    async tell(message) {
      said.push({ move: 'tell', text: message.text });
    },
    async permalink() {
      return null;
    },
  };
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    watching,
  };
  const ready = watchableHere(ctx, PLACE) as WatchReady;
  return { ctx, conversation, ready, watches, said };
}

describe('watching a shipment', () => {
  it('posts a new card and attaches it to the watch reserved for it', async () => {
    const { ctx, conversation, ready, watches, said } = world();
    const detail = shipmentDetailFixture();
    const result = await watchShipment(ctx, conversation, ready, {
      userId: 'U1',
      detail,
      card: null,
      link: null,
    });
    expect(result.outcome).toBe('created');
    expect(said.map((entry) => entry.move)).toEqual(['postCard']);
    expect([...watches.values()][0]).toMatchObject({
      cardTs: '1700000000.000100',
      threadTs: '1700000000.000100',
    });
  });

  it('keeps no watch when the card cannot be posted, and says Slack refused', async () => {
    const { ctx, conversation, ready, watches } = world({ posts: false });
    const detail = shipmentDetailFixture();
    await expect(
      watchShipment(ctx, conversation, ready, { userId: 'U1', detail, card: null, link: null }),
    ).rejects.toMatchObject({ code: 'slack_refused' });
    expect(watches.size).toBe(0);
  });

  it('refuses a second watch in the same channel, naming the watch already there', async () => {
    const { ctx, conversation, ready } = world();
    const detail = shipmentDetailFixture();
    await watchShipment(ctx, conversation, ready, { userId: 'U1', detail, card: null, link: null });
    await expect(
      watchShipment(ctx, conversation, ready, { userId: 'U2', detail, card: null, link: null }),
    ).rejects.toMatchObject({ code: 'already_watched', watch: { createdBy: 'U1' } });
  });

  it('gives a shipment a subscription watches quietly the card the person used', async () => {
    const { ctx, conversation, ready, watches, said } = world();
    const detail = shipmentDetailFixture();
    const key = { ...PLACE, shipmentId: detail.shipment.id };
    watches.set(`T1/C1/${key.shipmentId}`, {
      ...key,
      shipmentNumber: detail.shipment.billOfLadingNumber,
      cardTs: null,
      threadTs: null,
      state: 'active',
      subscriptionId: 'S1',
    } as Watch);
    const card = { ts: '1700000000.000200', threadTs: null };
    const result = await watchShipment(ctx, conversation, ready, { userId: 'U1', detail, card, link: null });
    expect(result.watch).toMatchObject({ cardTs: card.ts, threadTs: card.ts, subscriptionId: 'S1' });
    expect(said).toEqual([]);
  });

  it('refuses before writing anything when there is no channel or the line stopped tracking', () => {
    const { ctx } = world();
    const detail = shipmentDetailFixture();
    expect(watchableHere(ctx, { teamId: 'T1', channelId: null })).toEqual({ code: 'no_channel' });
    expect(watchableHere({}, PLACE)).toEqual({ code: 'no_store' });
    const stopped = {
      ...detail,
      shipment: {
        ...detail.shipment,
        lineTracking: { ...detail.shipment.lineTracking, stoppedAt: '2026-11-20T00:00:00Z' },
      },
    };
    expect(watchableHere(ctx, PLACE, stopped)).toMatchObject({ code: 'tracking_stopped' });
  });

  it('tells the person the audit line when the card’s thread refuses it, and when there is no thread yet', async () => {
    const { ctx, conversation, said } = world({ threads: false });
    const line = { text: '@alice started watching', blocks: [] };
    await postWatchLine(ctx, conversation, { channelId: 'C1', cardTs: '1.2', threadTs: null }, line);
    await postWatchLine(ctx, conversation, { channelId: 'C1', cardTs: null, threadTs: null }, line);
    expect(said).toEqual([
      { move: 'tell', text: '@alice started watching' },
      { move: 'tell', text: '@alice started watching' },
    ]);
  });
});
