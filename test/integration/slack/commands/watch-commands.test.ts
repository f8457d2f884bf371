/**
 * `/shipwatch watch`, `/shipwatch watching` and `/shipwatch unwatch` through signed HTTP, with a real store and the
 * simulator: watching posts a watched card in the channel; the list goes to the person alone, most urgent first;
 * unwatching stops the watch and says who stopped it, and unwatching what the channel does not watch says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessShipment } from '../../../../src/domain/shipment-assessment.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { Store } from '../../../../src/store/index.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, TEST_TEAM } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { textOf } from '../interactions/world.js';

describe('/shipwatch watch, watching and unwatch', () => {
  let watching: WatchingHarness;
  let store: Store;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('watch-commands');
    ({ store, harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  const watch = async (channelId: string, bl: string) => {
    const sent = await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    expect(sent.status).toBe(200);
    return harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    );
  };
  const activeWatches = async (channelId: string) =>
    (await store.watching.watches.listByChannel(TEST_TEAM.id, channelId)).filter((w) => w.state === 'active');

  it('posts a watched card in the channel and lists the channel’s watches to the person alone, most urgent first', async () => {
    const channelId = nextId('C');
    const quiet = DEMO.shipments.onWater;
    const urgent = DEMO.shipments.arrived;
    const kinds = await Promise.all(
      [quiet, urgent].map(
        async ({ id }) => assessShipment(await harness.tracking.getShipment(id), Date.now()).headline.kind,
      ),
    );
    // The premise: the arrived box needs acting on; the one at sea does not yet.
    expect(kinds).toEqual(['not_arrived', expect.not.stringMatching(/^not_arrived$/)]);

    await watch(channelId, quiet.bl); // watched first…
    await watch(channelId, urgent.bl);
    // Read the moment the second card appears: the watch is stored before its card is posted.
    expect((await activeWatches(channelId)).map((w) => w.shipmentNumber).sort()).toEqual(
      [quiet.bl, urgent.bl].sort(),
    );

    const sent = await harness.command('/shipwatch', 'watching', { channelId });
    const list = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(list).toContain('"response_type":"ephemeral"');
    // …but listed second: the list is most urgent first, not in the order the watches were made.
    expect(list.indexOf(urgent.bl)).toBeGreaterThanOrEqual(0);
    expect(list.indexOf(urgent.bl)).toBeLessThan(list.indexOf(quiet.bl));
  });

  it('holds no watch when the card cannot be posted in the channel, and says how to let Shipwatch in', async () => {
    const channelId = nextId('C');
    harness.slack.setChannelError(channelId, 'not_in_channel');
    try {
      const sent = await harness.command('/shipwatch', `watch ${DEMO.shipments.onWater.bl}`, { channelId });
      // The refusal itself, told after the reservation is released (the replier's own fallback, which names the
      // invite too, comes before it).
      const refused = await harness.responseUrls.waitForPost(sent.responseUrl, (post) =>
        JSON.stringify(post.body).includes('cannot keep it up to date here'),
      );
      expect(refused).toBeDefined();
      // The watch reserved before the post was released: nothing is watched here, card-less or not.
      expect(await store.watching.watches.listByChannel(TEST_TEAM.id, channelId)).toEqual([]);
    } finally {
      harness.slack.setChannelError(channelId, null);
    }
  });

  it('stops the watch on unwatch, says who stopped it in the card’s thread, and leaves the other watches alone', async () => {
    const channelId = nextId('C');
    const card = await watch(channelId, DEMO.shipments.slippedEta.bl);
    await watch(channelId, DEMO.shipments.appointment.bl);

    const sent = await harness.command('/shipwatch', `unwatch ${DEMO.shipments.slippedEta.bl}`, {
      channelId,
    });
    expect(sent.status).toBe(200);
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.answer?.ts && textOf(call).includes('stopped watching'),
    );
    expect(textOf(line)).toContain('<@U0ALICE>');
    expect((await activeWatches(channelId)).map((w) => w.shipmentNumber)).toEqual([
      DEMO.shipments.appointment.bl,
    ]);
  });

  it('says privately that the channel does not watch a shipment it was asked to unwatch, and changes nothing', async () => {
    const channelId = nextId('C');
    await watch(channelId, DEMO.shipments.onWater.bl);
    const sent = await harness.command('/shipwatch', `unwatch ${DEMO.shipments.arrived.bl}`, { channelId });
    const answer = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(answer).toContain('"response_type":"ephemeral"');
    expect(answer).toContain(`${DEMO.shipments.arrived.bl} is not watched in this channel`);
    expect((await activeWatches(channelId)).map((w) => w.shipmentNumber)).toEqual([
      DEMO.shipments.onWater.bl,
    ]);
  });

  it('points at the card when the shipment is already watched here, and links each watch to its card in the list', async () => {
    const channelId = nextId('C');
    const card = await watch(channelId, DEMO.shipments.onWater.bl);
    const link = new RegExp(
      `<https://[^|>\\s]+/archives/${channelId}/p${String(card.answer?.ts).replace('.', '')}\\|`,
    );

    const again = await harness.command('/shipwatch', `watch ${DEMO.shipments.onWater.bl}`, { channelId });
    const note = JSON.stringify((await harness.responseUrls.waitForPost(again.responseUrl)).body);
    expect(note).toContain('is already watched in this channel');
    expect(note).toMatch(link);
    expect(await activeWatches(channelId)).toHaveLength(1);

    const permalinksAsked = harness.slack.callsTo('chat.getPermalink').length;
    const sent = await harness.command('/shipwatch', 'watching', { channelId });
    const list = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(list).toMatch(link);
    expect(list).toContain('1 shipment watched · ');
    // The link is built from the command's workspace domain: the list asks Slack for nothing.
    expect(harness.slack.callsTo('chat.getPermalink')).toHaveLength(permalinksAsked);
  });

  it('refuses a guest before the settings form opens, saying what a guest cannot change, and opens it for a member', async () => {
    harness.slack.setUser({ id: 'UGUEST', isRestricted: true });
    const channelId = nextId('C');
    const refused = await harness.command('/shipwatch', 'settings', { channelId, userId: 'UGUEST' });
    const note = JSON.stringify((await harness.responseUrls.waitForPost(refused.responseUrl)).body);
    expect(note).toContain(
      "Guests can look at Shipwatch cards but can't change what this channel is told about watched shipments",
    );
    expect(note).not.toContain('tracking data');
    expect(
      harness.slack.callsTo('views.open').filter((call) => call.args.trigger_id === refused.triggerId),
    ).toEqual([]);

    const member = await harness.command('/shipwatch', 'settings', { channelId });
    const opened = await harness.slack.waitForCall(
      'views.open',
      (call) => call.args.trigger_id === member.triggerId,
    );
    expect(textOf(opened)).toContain('watch_settings_modal');
  });

  it('tells a guest who tries to watch that guests cannot change which shipments the channel watches', async () => {
    harness.slack.setUser({ id: 'UGUEST', isRestricted: true });
    const channelId = nextId('C');
    const sent = await harness.command('/shipwatch', `watch ${DEMO.shipments.onWater.bl}`, {
      channelId,
      userId: 'UGUEST',
    });
    const note = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(note).toContain("can't change which shipments this channel watches");
    expect(await activeWatches(channelId)).toEqual([]);
  });
});
