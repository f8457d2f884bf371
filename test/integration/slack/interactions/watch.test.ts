/**
 * Watch and Unwatch through signed HTTP, with a real store and the simulator: a full member's click makes the card a
 * watched card and says so in its thread; a double-click watches once; a guest is refused privately and nothing is
 * watched; Unwatch turns the card back and says who stopped it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, VIEW } from '../../../../src/cards/ids.js';
import { renderShipmentCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { Store } from '../../../../src/store/index.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { ackBody, click, postCard, textOf, writes } from './world.js';

const SHIPMENT = DEMO.shipments.onWater.id;

describe('Watch and Unwatch on the shipment card, through signed HTTP', () => {
  let watching: WatchingHarness;
  let store: Store;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('watch-harness');
    ({ store, harness } = watching);
    harness.slack.setUser({ id: 'UGUEST', isRestricted: true });
  });
  afterAll(async () => {
    await watching?.stop();
  });

  const shipmentCard = async () =>
    postCard(harness, renderShipmentCard(await harness.tracking.getShipment(SHIPMENT), { now: new Date() }));
  const watchButton = { actionId: ACTION.shipmentWatch, value: SHIPMENT };

  it('refuses a guest privately and watches nothing', async () => {
    const card = await shipmentCard();
    const answer = await click(harness, card, { ...watchButton, userId: 'UGUEST' });
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(JSON.stringify(post.body)).toContain('Guests can look at Shipwatch cards');
    expect(await store.watching.watches.listByChannel('T0TEST', card.channelId)).toEqual([]);
  });

  it('makes the card a watched card, says who in its thread, and watches once on a double-click', async () => {
    const card = await shipmentCard();
    await Promise.all([click(harness, card, watchButton), click(harness, card, watchButton)]);
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes('started watching'),
    );
    expect(textOf(line)).toContain(DEMO.shipments.onWater.bl);
    const update = await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === card.ts && textOf(call).includes('Watching'),
    );
    expect(textOf(update)).toContain(ACTION.shipmentUnwatch);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = harness.slack
      .callsTo('chat.postMessage')
      .filter((call) => call.args.thread_ts === card.ts && textOf(call).includes('started watching'));
    expect(lines).toHaveLength(1);
    const watches = (await store.watching.watches.listByShipment(SHIPMENT)).filter(
      (w) => w.channelId === card.channelId,
    );
    expect(watches).toHaveLength(1);
    expect(watches[0]).toMatchObject({ cardTs: card.ts, state: 'active' });

    await click(harness, card, { actionId: ACTION.shipmentUnwatch, value: SHIPMENT });
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes('stopped watching'),
    );
    expect(
      (await store.watching.watches.listByShipment(SHIPMENT)).filter((w) => w.channelId === card.channelId),
    ).toEqual([]);
  });

  it('refuses to watch a shipment Terminal49 stopped tracking, says since when and why, and offers to resume it; resuming is a write', async () => {
    const stopped = DEMO.shipments.trackingStopped;
    const card = await postCard(
      harness,
      renderShipmentCard(await harness.tracking.getShipment(stopped.id), { now: new Date() }),
    );
    const answer = await click(harness, card, { actionId: ACTION.shipmentWatch, value: stopped.id });
    const note = JSON.stringify((await harness.responseUrls.waitForPost(answer.responseUrl)).body);
    expect(note).toContain(`Terminal49 stopped tracking ${stopped.bl} on <!date^`);
    expect(note).toContain('more than 56 days have passed since arrival');
    expect(note).not.toContain('stays up to date');
    expect(note).toContain(ACTION.shipmentResumeTracking);
    expect(await store.watching.watches.listByShipment(stopped.id)).toEqual([]);

    const resume = { actionId: ACTION.shipmentResumeTracking, value: stopped.id };
    const refused = await click(harness, card, { ...resume, userId: 'UGUEST' });
    expect(JSON.stringify((await harness.responseUrls.waitForPost(refused.responseUrl)).body)).toContain(
      'Guests can look at Shipwatch cards',
    );
    const patches = () => writes(harness).filter((request) => request.path.endsWith('/resume_tracking'));
    expect(patches()).toEqual([]);

    await Promise.all([click(harness, card, resume), click(harness, card, resume)]);
    const line = await harness.slack.waitForCall('chat.postMessage', (call) =>
      textOf(call).includes('asked Terminal49 to track'),
    );
    expect(textOf(line)).toContain(stopped.bl);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(patches()).toHaveLength(1);
    const after = await harness.tracking.getShipment(stopped.id, { fresh: true });
    expect(after.shipment.lineTracking).toMatchObject({ stoppedAt: null, stoppedReason: null });
  });

  it('answers the second click of a double-click on Watch or Unwatch with nothing, never a contradicting note', async () => {
    const card = await shipmentCard();
    const first = await click(harness, card, watchButton);
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes('started watching'),
    );
    // The second click lands after the first finished (the card already says "Watching").
    const second = await click(harness, card, watchButton);
    const unwatch = { actionId: ACTION.shipmentUnwatch, value: SHIPMENT };
    const third = await click(harness, card, unwatch);
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.ts && textOf(call).includes('stopped watching'),
    );
    const fourth = await click(harness, card, unwatch);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const told = [first, second, third, fourth].flatMap((answer) =>
      harness.responseUrls.postsTo(answer.responseUrl).map((post) => JSON.stringify(post.body)),
    );
    expect(told.filter((text) => text.includes('already watched'))).toEqual([]);
    expect(told.filter((text) => text.includes('is not watched in this channel'))).toEqual([]);
  });

  const submitSettings = (userId: string, channelId: string) =>
    harness.submitView({
      callbackId: VIEW.watchSettings,
      privateMetadata: JSON.stringify({ channelId }),
      userId,
      values: {
        [INPUT.watchCategories.block]: { [INPUT.watchCategories.action]: { selectedOption: 'holds' } },
        [INPUT.watchEtaThreshold.block]: { [INPUT.watchEtaThreshold.action]: { selectedOption: '12' } },
        [INPUT.watchFormat.block]: { [INPUT.watchFormat.action]: { selectedOption: 'detailed' } },
        [INPUT.watchBroadcast.block]: { [INPUT.watchBroadcast.action]: { selectedOption: 'broadcast' } },
      },
    });

  it('saves a channel’s settings from the form and says who changed them in the channel', async () => {
    const answer = await submitSettings('U0ALICE', 'C0SETTINGS');
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const stored = await store.watching.settings.get('T0SHIPWATCH', 'C0SETTINGS');
    expect(stored?.settings).toEqual({
      categories: ['holds'],
      etaThresholdHours: 12,
      broadcastImportant: true,
      format: 'detailed',
    });
    const line = await harness.waitForCall('chat.postMessage', { channel: 'C0SETTINGS' });
    expect(textOf(line)).toContain('changed how watched shipments are updated');
  });

  it('refuses a guest’s settings in the form and saves nothing', async () => {
    const answer = await submitSettings('UGUEST', 'C0GUESTSET');
    expect(JSON.stringify(ackBody(answer))).toContain('Guests can look at Shipwatch cards');
    expect(await store.watching.settings.get('T0SHIPWATCH', 'C0GUESTSET')).toBeNull();
  });
});
