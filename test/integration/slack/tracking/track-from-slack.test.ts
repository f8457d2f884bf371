/**
 * Starting to track from Slack through signed HTTP, with a real store, watching and the simulator (whose requests
 * settle two demo minutes after creation and announce it with `tracking_request.*` webhooks to the bot): a certain
 * carrier tracked at once and its card turned into the shipment's watched card; an uncertain one confirmed in the
 * carrier modal; a number already tracked taken straight to its watched shipment card; a failed request said in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../../src/cards/ids.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { Store } from '../../../../src/store/index.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import type { FakeSlackCall } from '../../../helpers/slack/fake-slack-api.js';
import { nextId, TEST_TEAM } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { ackBody, textOf } from '../interactions/world.js';

const MINUTE = 60_000;
const SECRET = 'whsec-track-from-slack';
const PUBLIC_URL = 'https://shipwatch.example.com';

describe('tracking a number from Slack', () => {
  let watching: WatchingHarness;
  let store: Store;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('track-from-slack', {
      webhookSecret: SECRET,
      harness: { env: { SHIPWATCH_PUBLIC_URL: PUBLIC_URL } },
      config: { cardLinkBase: PUBLIC_URL },
    });
    ({ store, harness } = watching);
    harness.sim.webhooks.add({ url: `${harness.url}/webhooks/terminal49`, secret: SECRET });
  });
  afterAll(async () => {
    await watching?.stop();
  });

  const posted = (channelId: string, text: string) =>
    harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(text),
    );
  const updated = (card: FakeSlackCall, text: string, timeoutMs = 8_000) =>
    harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === card.answer?.ts && textOf(call).includes(text),
      timeoutMs,
    );
  const inThread = (card: FakeSlackCall, text: string, timeoutMs = 8_000) =>
    harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.answer?.ts && textOf(call).includes(text),
      timeoutMs,
    );
  const activeWatches = async (channelId: string) =>
    (await store.watching.watches.listByChannel(TEST_TEAM.id, channelId)).filter((w) => w.state === 'active');

  it('tracks a number of a certain carrier at once, and its card (and a second one) becomes the watched shipment card', async () => {
    const channelId = nextId('C');
    const other = nextId('C');
    const number = 'MAEU771234501';
    const sent = await harness.command('/shipwatch', `track ${number}`, { channelId });
    expect(sent.status).toBe(200);
    const card = await posted(channelId, number);
    expect(textOf(card)).toContain('Queued');
    expect(textOf(await inThread(card, 'asked Terminal49 to track'))).toContain('<@U0ALICE>');
    const creations = harness.sim.requests.filter(
      (r) => r.method === 'POST' && r.path === '/tracking_requests',
    );
    expect(creations).toHaveLength(1);

    // The same number again, elsewhere: nothing new is created, and this card follows the same request.
    await harness.command('/shipwatch', `track ${number}`, { channelId: other });
    const second = await posted(other, number);
    expect(textOf(second)).toContain('Queued');

    harness.sim.advance(2 * MINUTE + 1_000);
    // Terminal49's webhook brings the follow forward: both cards become the shipment's, watched in their channels.
    const shipmentCard = await updated(card, number);
    expect(textOf(shipmentCard)).not.toContain('Queued');
    // It is a watched card like any other, with its own URL.
    expect(JSON.stringify(shipmentCard.args.blocks)).toContain(`Link to this card: <${PUBLIC_URL}/s/`);
    await inThread(card, 'Terminal49 now tracks');
    await updated(second, number);
    expect((await activeWatches(channelId)).map((w) => w.cardTs)).toEqual([card.answer?.ts]);
    expect((await activeWatches(other)).map((w) => w.cardTs)).toEqual([second.answer?.ts]);
  });

  it('makes the watch for the person who asked, even when Terminal49’s webhook brings the follow forward', async () => {
    const channelId = nextId('C');
    const number = 'MAEU771234502';
    const followsPending = async () =>
      (await store.jobs.depth(Date.now())).find((row) => row.kind === 'tracking.follow')?.pending ?? 0;
    const before = await followsPending();
    await harness.command('/shipwatch', `track ${number}`, { channelId, userId: 'U0BOB' });
    const card = await posted(channelId, number);
    // Terminal49 settles the request while its follow job waits for its first read.
    for (let tries = 0; (await followsPending()) === before && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    harness.sim.advance(2 * MINUTE + 1_000);
    // The `tracking_request.succeeded` webhook hastens the follow job; it must not forget who asked.
    const line = await inThread(card, 'Terminal49 now tracks');
    expect(textOf(line)).toContain('watched in this channel for <@U0BOB>');
    expect(await activeWatches(channelId)).toMatchObject([{ cardTs: card.answer?.ts, createdBy: 'U0BOB' }]);
  });

  it('makes each channel’s watch for the person who asked there, not for whoever asked last', async () => {
    const first = nextId('C');
    const second = nextId('C');
    const number = 'MAEU771234503';
    await harness.command('/shipwatch', `track ${number}`, { channelId: first, userId: 'U0CAROL' });
    const firstCard = await posted(first, number);
    await harness.command('/shipwatch', `track ${number}`, { channelId: second, userId: 'U0DAVE' });
    const secondCard = await posted(second, number);
    harness.sim.advance(2 * MINUTE + 1_000);
    expect(textOf(await inThread(firstCard, 'Terminal49 now tracks'))).toContain('for <@U0CAROL>');
    expect(textOf(await inThread(secondCard, 'Terminal49 now tracks'))).toContain('for <@U0DAVE>');
    expect(await activeWatches(first)).toMatchObject([{ createdBy: 'U0CAROL' }]);
    expect(await activeWatches(second)).toMatchObject([{ createdBy: 'U0DAVE' }]);
  });

  it('confirms an uncertain carrier in a modal with the candidates and their confidence, then tracks with the one picked', async () => {
    const channelId = nextId('C');
    const number = 'TGHU5550007'; // a leasing company's box: the carrier needs confirming
    harness.sim.resetRequests();
    const sent = await harness.command('/shipwatch', `track ${number}`, { channelId });
    const opened = await harness.waitForCall('views.open', { trigger_id: sent.triggerId });
    // SAFETY: the fake recorded the decoded view JSON the bot sent.
    const view = opened.args.view as { callback_id: string; private_metadata: string };
    expect(view.callback_id).toBe(VIEW.trackCarrier);
    expect(JSON.stringify(view)).toMatch(/Hapag-Lloyd \(HLCU\) · \d+ %/);
    expect(harness.sim.requests.filter((r) => r.path === '/tracking_requests')).toHaveLength(0);

    const answer = await harness.submitView({
      callbackId: VIEW.trackCarrier,
      privateMetadata: view.private_metadata,
      values: { [INPUT.trackCarrier.block]: { [INPUT.trackCarrier.action]: { selectedOption: 'COSU' } } },
    });
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const card = await posted(channelId, number);
    expect(textOf(card)).toContain('COSU');
    const created = harness.sim.requests.find((r) => r.method === 'POST' && r.path === '/tracking_requests');
    expect(created?.status).toBe(201);

    harness.sim.advance(2 * MINUTE + 1_000);
    expect(textOf(await updated(card, 'Awaiting manifest'))).toContain(number);
  });

  it('refuses an unknown SCAC next to the field, keeping the form open', async () => {
    const answer = await harness.submitView({
      callbackId: VIEW.trackCarrier,
      privateMetadata: JSON.stringify({
        number: 'TGHU5550007',
        requestType: 'container',
        channelId: nextId('C'),
        private: false,
        candidates: [],
      }),
      values: { [INPUT.trackCarrierOther.block]: { [INPUT.trackCarrierOther.action]: 'ZZZZ' } },
    });
    const body = ackBody(answer);
    expect(body).toMatchObject({ response_action: 'errors' });
    expect(JSON.stringify(body)).toContain("Scac 'ZZZZ' is not recognized");
  });

  it('takes a number already tracked straight to its shipment card, watched in the channel', async () => {
    const channelId = nextId('C');
    const { bl } = DEMO.shipments.onWater;
    await harness.command('/shipwatch', `track ${bl}`, { channelId });
    const card = await posted(channelId, bl);
    await inThread(card, 'started watching');
    expect((await activeWatches(channelId)).map((w) => w.cardTs)).toEqual([card.answer?.ts]);
  });

  it('says a failed request’s reason in words and what to do, and stops following it', async () => {
    const channelId = nextId('C');
    const number = 'MAEU771234508'; // the carrier does not know it
    await harness.command('/shipwatch', `track ${number}`, { channelId });
    const card = await posted(channelId, number);
    harness.sim.advance(2 * MINUTE + 1_000);
    const failed = await updated(card, 'Failed');
    expect(textOf(failed)).toContain('The carrier does not know this number');
    expect(textOf(failed)).toContain('track it again');
    expect(await activeWatches(channelId)).toEqual([]);
  });
});
