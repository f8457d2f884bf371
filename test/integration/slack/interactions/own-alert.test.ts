/**
 * Owning an alert through signed HTTP, with a real store and the simulator: Take it on a watched card makes the
 * clicker its owner (shown on the card, said in its thread, once on a double-click); a container's menu on the watched
 * card snoozes that box's reminders until 08:00 in its LFD's zone (said in the snoozer's own zone too) or marks it done;
 * a guest is refused by the write policy and nothing is stored. With SHIPWATCH_OWNER_FIELD set, the owner's name is
 * also written to that Terminal49 custom field on every box not yet picked up.
 */
import type { KnownBlock } from '@slack/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, alertOptionValue } from '../../../../src/cards/ids.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, TEST_TEAM } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { click, type PostedCard, textOf } from './world.js';

const SHIPMENT = DEMO.shipments.arrived;

describe('Take it, Snooze and Done on a watched card, through signed HTTP', () => {
  let watching: WatchingHarness;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('own-alert');
    ({ harness } = watching);
    harness.slack.setUser({ id: 'UGUEST3', isRestricted: true });
  });
  afterAll(async () => {
    await watching?.stop();
  });

  /** A watched card of the arrived shipment in a new channel, as the bot posted it. */
  const watchedCard = async (): Promise<PostedCard> => {
    const channelId = nextId('C');
    await harness.command('/shipwatch', `watch ${SHIPMENT.bl}`, { channelId });
    const posted = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(SHIPMENT.bl),
    );
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await watching.service.find(TEST_TEAM.id, channelId, SHIPMENT.id))?.state === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // SAFETY: chat.postMessage was called with the card's blocks.
    const blocks = posted.args.blocks as KnownBlock[];
    return { channelId, ts: String(posted.answer?.ts ?? ''), blocks };
  };
  const threadLine = (card: PostedCard, words: string) =>
    harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes(words),
    );
  const choose = (card: PostedCard, value: string, userId?: string) =>
    harness.action({
      kind: 'overflow',
      actionId: ACTION.containerOverflow,
      selectedValue: value,
      ...(userId ? { userId } : {}),
      container: {
        kind: 'message',
        channelId: card.channelId,
        messageTs: card.ts,
        messageBlocks: card.blocks,
      },
    });

  it('makes the clicker the owner once on a double-click, says so in the thread and shows it on the card', async () => {
    const card = await watchedCard();
    expect(JSON.stringify(card.blocks)).toContain(ACTION.shipmentTakeIt);
    const takeIt = { actionId: ACTION.shipmentTakeIt, value: SHIPMENT.id };
    await Promise.all([click(harness, card, takeIt), click(harness, card, takeIt)]);
    const line = await threadLine(card, 'took');
    expect(textOf(line)).toContain(`<@U0ALICE> took ${SHIPMENT.bl}`);
    await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === card.ts && textOf(call).includes('Taken by <@U0ALICE>'),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = harness.slack
      .callsTo('chat.postMessage')
      .filter((call) => call.args.thread_ts === card.ts && textOf(call).includes('took'));
    expect(lines).toHaveLength(1);
    expect((await watching.store.watching.alerts.owners.get(TEST_TEAM.id, SHIPMENT.id))?.userId).toBe(
      'U0ALICE',
    );

    // Refresh re-reads the shipment and replaces the card: its owner stays on it.
    const updates = harness.slack.callsTo('chat.update').length;
    await click(harness, card, { actionId: ACTION.shipmentRefresh, value: SHIPMENT.id });
    const refreshed = await harness.slack.waitForCall(
      'chat.update',
      (call) =>
        call.args.ts === card.ts &&
        harness.slack.callsTo('chat.update').indexOf(call) >= updates &&
        textOf(call).includes('Watching'),
    );
    expect(textOf(refreshed)).toContain('Taken by <@U0ALICE>');
  });

  it('snoozes a box until 08:00 in its LFD’s zone and marks another done, each said in the thread', async () => {
    const card = await watchedCard();
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const [first, second] = detail.containers;
    if (!first || !second) throw new Error('the arrived shipment has two containers');
    expect(JSON.stringify(card.blocks)).toContain(alertOptionValue('snooze_tomorrow', first.id));

    await choose(card, alertOptionValue('snooze_tomorrow', first.id));
    const snoozed = await threadLine(card, 'snoozed the reminders');
    expect(textOf(snoozed)).toContain(first.number);
    // The LFD's zone (New York), and the snoozer's own from users.info (Los Angeles): 08:00 there is 05:00 here.
    expect(textOf(snoozed)).toMatch(
      /until \w{3} \d{1,2} \w{3} 08:00 E[SD]T \(\w{3} \d{1,2} \w{3} 05:00 P[SD]T for <@U0ALICE>\)/,
    );

    await choose(card, alertOptionValue('done', second.id));
    const done = await threadLine(card, 'marked');
    expect(textOf(done)).toContain(`${second.number} done`);
    const state = await watching.service.alerts.cardState({
      teamId: TEST_TEAM.id,
      channelId: card.channelId,
      shipmentId: SHIPMENT.id,
    });
    expect(state.containers[first.id]?.state).toBe('snoozed');
    expect(state.containers[second.id]).toEqual({ state: 'done', until: null });
    await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === card.ts && textOf(call).includes('Done: no more reminders'),
    );
  });

  it('refuses a guest and stores nothing', async () => {
    const card = await watchedCard();
    const answer = await click(harness, card, {
      actionId: ACTION.shipmentTakeIt,
      value: SHIPMENT.id,
      userId: 'UGUEST3',
    });
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(JSON.stringify(post.body)).toContain('Guests');
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const box = detail.containers[0];
    if (!box) throw new Error('a container');
    const refused = await choose(card, alertOptionValue('done', box.id), 'UGUEST3');
    await harness.responseUrls.waitForPost(refused.responseUrl);
    const state = await watching.service.alerts.cardState({
      teamId: TEST_TEAM.id,
      channelId: card.channelId,
      shipmentId: SHIPMENT.id,
    });
    expect(state.containers).toEqual({});
  });
});

describe('Take it with SHIPWATCH_OWNER_FIELD set, through signed HTTP', () => {
  let watching: WatchingHarness;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('own-alert-field', {
      harness: { env: { SHIPWATCH_OWNER_FIELD: 'po_number' } },
    });
    ({ harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  it("mirrors the owner's name to that Terminal49 custom field on every box not yet picked up, and says so", async () => {
    // Their name from users.info: the field is read by people outside Slack, who do not know Slack's user ids.
    harness.slack.setUser({ id: 'U0ALICE', name: 'Alice Martin' });
    const channelId = nextId('C');
    await harness.command('/shipwatch', `watch ${SHIPMENT.bl}`, { channelId });
    const posted = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(SHIPMENT.bl),
    );
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await watching.service.find(TEST_TEAM.id, channelId, SHIPMENT.id))?.state === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // SAFETY: chat.postMessage was called with the card's blocks.
    const card = {
      channelId,
      ts: String(posted.answer?.ts ?? ''),
      blocks: posted.args.blocks as KnownBlock[],
    };
    await click(harness, card, { actionId: ACTION.shipmentTakeIt, value: SHIPMENT.id });
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes('took'),
    );
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const open = detail.containers.filter((box) => box.podFullOutAt === null);
    expect(open.length).toBeGreaterThan(0);
    expect(textOf(line)).toContain(`\`po_number\` field says so on ${open.length} container`);
    const fields = await harness.tracking.listContainerCustomFields(open[0]?.id ?? '', { fresh: true });
    expect(JSON.stringify(fields)).toContain('Alice Martin');
    expect(JSON.stringify(fields)).not.toContain('U0ALICE');
  });
});
