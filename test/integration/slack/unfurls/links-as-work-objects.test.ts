/**
 * Links as Work Objects, through signed HTTP with a real store and the simulator: a Terminal49 link to a watched
 * shipment unfurls as a Work Object (status, POD, ETA as a timestamp, LFD, holds; nothing sensitive) read from the
 * store with no API request; a link to a shipment the workspace does not watch gets a one-line classic preview;
 * opening a preview shows that person its containers, holds and fees with Refresh / Watch here / Open in Terminal49;
 * where Slack refuses Work Objects the same facts go out as a classic preview; and a watched card names its own URL,
 * which unfurls the same way and redirects to it.
 */
import type { EntityMetadata } from '@slack/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { renderShipmentCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import {
  entityDetailsRequestedEvent,
  eventCallback,
  linkSharedEvent,
} from '../../../../src/workspace/bot-link/payloads.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, TEST_SOURCE, TEST_TEAM, TEST_USER } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { postCard } from '../interactions/world.js';

const PUBLIC_URL = 'https://shipwatch.example.com';
const WATCHED = DEMO.shipments.slippedEta;
const findLink = (number: string) => `https://app.terminal49.com/shipments/find?q=${number}`;

describe('Links as Work Objects, through signed HTTP', () => {
  let watching: WatchingHarness;
  let harness: BotHarness;
  let watchedIn: string;

  beforeAll(async () => {
    watching = await startWatchingHarness('unfurl-harness', {
      harness: { env: { SHIPWATCH_PUBLIC_URL: PUBLIC_URL } },
    });
    harness = watching.harness;
    const detail = await harness.tracking.getShipment(WATCHED.id);
    const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
    watchedIn = card.channelId;
    await watching.service.watch({
      teamId: TEST_TEAM.id,
      channelId: card.channelId,
      userId: TEST_USER.id,
      detail,
      cardTs: card.ts,
      threadTs: card.ts,
    });
  });
  afterAll(async () => {
    await watching?.stop();
  });

  const sendEvent = (event: Record<string, unknown>) => sendEventTo(harness, event);
  const sendEventTo = (to: BotHarness, event: Record<string, unknown>) =>
    to.postSigned(JSON.stringify(eventCallback(TEST_SOURCE, event, nextId('Ev'), Date.now())), {
      'content-type': 'application/json',
    });

  /** A person posts `text` in a fresh channel; Slack tells the bot (`to`, default the first) about its links. */
  const share = async (urls: string[], channelId = nextId('C'), to: BotHarness = harness) => {
    const ts = to.slack.postAsPerson(channelId, TEST_USER.id, urls.join(' '));
    const answer = await sendEventTo(
      to,
      linkSharedEvent({
        channelId,
        userId: TEST_USER.id,
        messageTs: ts,
        urls,
        unfurlId: nextId('UF'),
        at: Date.now(),
      }),
    );
    expect(answer.status).toBe(200);
    return { channelId, ts };
  };

  it('unfurls a Terminal49 link to a watched shipment as a Work Object, from the store, with nothing sensitive', async () => {
    harness.sim.resetRequests();
    const link = findLink(WATCHED.bl);
    const message = await share([link]);
    const call = await harness.slack.waitForCall('chat.unfurl', (c) => c.args.ts === message.ts && c.ok);
    const [entity] = (call.args.metadata as { entities: EntityMetadata[] }).entities;
    expect(entity).toMatchObject({
      app_unfurl_url: link,
      // Opened from this channel, it leads to this channel's card when the channel watches the shipment.
      url: `${PUBLIC_URL}/s/${WATCHED.id}?in=${message.channelId}`,
      external_ref: { id: WATCHED.id, type: 'shipment' },
    });
    expect(entity?.entity_payload.attributes.title.text).toBe(`Shipment ${WATCHED.bl}`);
    const fields = Object.fromEntries((entity?.entity_payload.custom_fields ?? []).map((f) => [f.key, f]));
    expect(Object.keys(fields)).toEqual(['status', 'pod', 'eta', 'lfd', 'holds']);
    expect(fields.eta?.type).toBe('slack#/types/timestamp');
    expect(typeof fields.eta?.value).toBe('number');
    expect(fields.lfd?.type).toBe('slack#/types/date');
    expect(fields.holds).toMatchObject({ type: 'integer', value: 1 });
    expect(fields.pod?.value).toContain('Los Angeles');
    // The shared part names no customer, reference, tag, custom field or fee.
    const shared = JSON.stringify(entity);
    const detail = await harness.tracking.getShipment(WATCHED.id);
    for (const secret of [
      detail.shipment.customerName,
      ...detail.shipment.refNumbers,
      ...detail.shipment.tags,
    ]) {
      if (secret) expect(shared).not.toContain(secret);
    }
    expect(shared).not.toMatch(/USD|demurrage/i);
    expect(harness.slack.message(message.channelId, message.ts)?.unfurls?.[0]?.entity).toBeDefined();
    // One read of the shipment above, by this test; the unfurl itself asked the API nothing.
    expect(harness.sim.requests.filter((r) => r.path.includes('/shipments/'))).toHaveLength(1);
  });

  it("unfurls a card's own URL the same way, and a shipment nobody here watches with one classic line and no API request", async () => {
    harness.sim.resetRequests();
    const own = `${PUBLIC_URL}/s/${WATCHED.id}`;
    const unknown = findLink(DEMO.shipments.arrived.bl);
    const message = await share([own, unknown, 'https://example.com/unrelated']);
    const entities = await harness.slack.waitForCall(
      'chat.unfurl',
      (c) => c.args.ts === message.ts && 'metadata' in c.args,
    );
    expect(JSON.stringify(entities.args)).toContain(`"app_unfurl_url":"${own}"`);
    const classic = await harness.slack.waitForCall(
      'chat.unfurl',
      (c) => c.args.ts === message.ts && 'unfurls' in c.args,
    );
    const unfurls = classic.args.unfurls as Record<string, unknown>;
    expect(Object.keys(unfurls)).toEqual([unknown]);
    expect(JSON.stringify(unfurls[unknown])).toContain('not watched in this workspace');
    expect(harness.sim.requests).toEqual([]);
  });

  it('shows the person who opens a preview its containers, holds and fees, with Refresh, Watch here and Open in Terminal49', async () => {
    const link = findLink(WATCHED.bl);
    const message = await share([link]);
    const triggerId = nextId('TRIG');
    await sendEvent(
      entityDetailsRequestedEvent({
        channelId: message.channelId,
        userId: TEST_USER.id,
        messageTs: message.ts,
        triggerId,
        url: link,
        entityUrl: `${PUBLIC_URL}/s/${WATCHED.id}`,
        externalRef: { id: WATCHED.id, type: 'shipment' },
        at: Date.now(),
      }),
    );
    const call = await harness.slack.waitForCall('entity.presentDetails', { trigger_id: triggerId });
    expect(call.ok).toBe(true);
    const entity = call.args.metadata as EntityMetadata;
    const text = JSON.stringify(entity.entity_payload.custom_fields);
    expect(text).toContain(DEMO.containers.onHold);
    expect(text).toContain('customs');
    expect(text).toMatch(/USD/);
    const actions = entity.entity_payload.actions?.primary_actions ?? [];
    expect(actions.map((a) => a.text)).toEqual(['Refresh', 'Watch here', 'Open in Terminal49']);
    expect(actions[1]).toMatchObject({
      action_id: ACTION.unfurlWatch,
      value: `${WATCHED.id}~${message.channelId}`,
    });
    expect(actions[2]?.url).toBe(findLink(WATCHED.bl));
  });

  it('offers no Watch here in the channel that already watches it, and tells what to do for a shipment not watched here', async () => {
    const watchedTrigger = nextId('TRIG');
    const unknownTrigger = nextId('TRIG');
    const opened = (triggerId: string, url: string, channelId: string, ref: { id: string; type?: string }) =>
      sendEvent(
        entityDetailsRequestedEvent({
          channelId,
          userId: TEST_USER.id,
          messageTs: '1.000001',
          triggerId,
          url,
          entityUrl: url,
          externalRef: ref,
          at: Date.now(),
        }),
      );
    await opened(watchedTrigger, findLink(WATCHED.bl), watchedIn, { id: WATCHED.id, type: 'shipment' });
    const watched = await harness.slack.waitForCall('entity.presentDetails', { trigger_id: watchedTrigger });
    const actions = (watched.args.metadata as EntityMetadata).entity_payload.actions?.primary_actions ?? [];
    expect(actions.map((a) => a.text)).toEqual(['Refresh', 'Open in Terminal49']);
    const unknown = findLink(DEMO.shipments.arrived.bl);
    await opened(unknownTrigger, unknown, nextId('C'), { id: unknown });
    const refused = await harness.slack.waitForCall('entity.presentDetails', { trigger_id: unknownTrigger });
    expect(refused.args.error).toMatchObject({ status: 'custom', custom_title: 'Not watched here' });
    expect(String((refused.args.error as { custom_message: string }).custom_message)).toContain(
      `/shipment ${DEMO.shipments.arrived.bl}`,
    );
  });

  it("watches the shipment in the link's channel when someone clicks Watch here in its details", async () => {
    const channelId = nextId('C');
    await harness.action({
      actionId: ACTION.unfurlWatch,
      value: `${DEMO.shipments.appointment.id}~${channelId}`,
      // The flexpane is no message: the click names no channel of its own.
      container: { kind: 'view', viewId: nextId('V') },
    });
    const card = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && JSON.stringify(call.args).includes(ACTION.shipmentUnwatch),
    );
    expect(card.ok).toBe(true);
    // The watch is recorded with the card's ts, once the card is posted.
    const deadline = Date.now() + 5_000;
    let watches = await watching.store.watching.watches.listByChannel(TEST_TEAM.id, channelId);
    while (watches.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      watches = await watching.store.watching.watches.listByChannel(TEST_TEAM.id, channelId);
    }
    expect(watches.map((watch) => watch.shipmentId)).toEqual([DEMO.shipments.appointment.id]);
  });

  it('shows a watched card its own URL, which unfurls as a Work Object where it is pasted and opens the card', async () => {
    const channelId = nextId('C');
    const shipment = DEMO.shipments.onWater;
    await harness.command('/shipwatch', `watch ${shipment.bl}`, { channelId });
    const posted = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && JSON.stringify(call.args).includes(ACTION.shipmentUnwatch),
    );
    const own = `${PUBLIC_URL}/s/${shipment.id}?in=${channelId}`;
    expect(JSON.stringify(posted.args.blocks)).toContain(`Link to this card: <${own}>`);
    for (let tries = 0; tries < 200; tries += 1) {
      if ((await watching.service.find(TEST_TEAM.id, channelId, shipment.id))?.state === 'active') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const message = await share([own]);
    const call = await harness.slack.waitForCall(
      'chat.unfurl',
      (c) => c.args.ts === message.ts && 'metadata' in c.args && c.ok,
    );
    const [entity] = (call.args.metadata as { entities: EntityMetadata[] }).entities;
    expect(entity).toMatchObject({
      app_unfurl_url: own,
      external_ref: { id: shipment.id, type: 'shipment' },
    });
    expect(entity?.entity_payload.attributes.title.text).toBe(`Shipment ${shipment.bl}`);
    const opened = await fetch(`${harness.url}/s/${shipment.id}?in=${channelId}`, { redirect: 'manual' });
    expect(opened.headers.get('location')).toMatch(new RegExp(`/archives/${channelId}/p\\d+`));
  });

  it("leads each channel's card link back to that channel's card when several channels watch the shipment", async () => {
    const shipment = DEMO.shipments.railMove;
    const channels = [nextId('C'), nextId('C')];
    for (const channelId of channels) {
      await harness.command('/shipwatch', `watch ${shipment.bl}`, { channelId });
      const card = await harness.slack.waitForCall(
        'chat.postMessage',
        (call) =>
          call.args.channel === channelId && JSON.stringify(call.args).includes(ACTION.shipmentUnwatch),
      );
      expect(JSON.stringify(card.args.blocks)).toContain(`/s/${shipment.id}?in=${channelId}>`);
    }
    for (let tries = 0; tries < 200; tries += 1) {
      const found = await Promise.all(
        channels.map((channelId) => watching.service.find(TEST_TEAM.id, channelId, shipment.id)),
      );
      if (found.every((watch) => watch?.state === 'active')) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const channelId of channels) {
      const opened = await fetch(`${harness.url}/s/${shipment.id}?in=${channelId}`, { redirect: 'manual' });
      expect(opened.headers.get('location')).toMatch(new RegExp(`/archives/${channelId}/p\\d+`));
    }
  });

  it('redirects a card URL to the watched card, and to Terminal49 when no card watches the shipment', async () => {
    const toCard = await fetch(`${harness.url}/s/${WATCHED.id}`, { redirect: 'manual' });
    expect(toCard.status).toBe(302);
    expect(toCard.headers.get('location')).toMatch(new RegExp(`/archives/${watchedIn}/p\\d+`));
    expect(toCard.headers.get('cache-control')).toBe('no-store');
    const elsewhere = await fetch(`${harness.url}/s/${DEMO.shipments.arrived.id}`, { redirect: 'manual' });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.get('location')).toBe(
      `https://app.terminal49.com/shipments/${DEMO.shipments.arrived.id}`,
    );
    expect((await fetch(`${harness.url}/s/not-an-id`, { redirect: 'manual' })).status).toBe(404);
  });

  // Last: the bot remembers for a day that this workspace's Slack refuses Work Objects.
  it('falls back to a classic compact preview where Work Objects are not enabled, and keeps to it', async () => {
    harness.slack.setWorkObjects(false);
    try {
      const link = findLink(WATCHED.bl);
      const first = await share([link]);
      const refused = await harness.slack.waitForCall('chat.unfurl', (c) => c.args.ts === first.ts && !c.ok);
      expect(refused.error).toBe('invalid_metadata');
      const classic = await harness.slack.waitForCall('chat.unfurl', (c) => c.args.ts === first.ts && c.ok);
      const blocks = JSON.stringify((classic.args.unfurls as Record<string, unknown>)[link]);
      expect(blocks).toContain(`Shipment ${WATCHED.bl}`);
      expect(blocks).toContain('<!date^');
      expect(blocks).toContain('1 active hold');
      const second = await share([link]);
      await harness.slack.waitForCall('chat.unfurl', (c) => c.args.ts === second.ts && c.ok);
      expect(harness.slack.callsTo('chat.unfurl', (c) => c.args.ts === second.ts)).toHaveLength(1);
    } finally {
      harness.slack.setWorkObjects(true);
    }
  });

  it('previews classically at once on another replica of the same store, once one was refused Work Objects', async () => {
    // The test before taught the first replica; a second one on the same store asks Slack nothing to learn it.
    const replica = await startWatchingHarness('unfurl-replica', {
      store: watching.store,
      harness: { env: { SHIPWATCH_PUBLIC_URL: PUBLIC_URL } },
    });
    try {
      const link = findLink(WATCHED.bl);
      const message = await share([link], nextId('C'), replica.harness);
      const call = await replica.harness.slack.waitForCall('chat.unfurl', (c) => c.args.ts === message.ts);
      expect(call.ok).toBe(true);
      expect('metadata' in call.args).toBe(false);
      expect(JSON.stringify(call.args.unfurls)).toContain(`Shipment ${WATCHED.bl}`);
      expect(replica.harness.slack.callsTo('chat.unfurl', (c) => c.args.ts === message.ts)).toHaveLength(1);
    } finally {
      await replica.stop();
    }
  });
});
