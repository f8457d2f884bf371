import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { renderShipmentCard, renderTrackingRequestCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { click, postCard, textOf, threadReply } from './world.js';

const SHIPMENT = DEMO.shipments.slippedEta;

async function shipmentCard(harness: BotHarness, id: string = SHIPMENT.id) {
  const detail = await harness.tracking.getShipment(id);
  return postCard(harness, renderShipmentCard(detail, { now: new Date() }));
}

describe('card buttons through signed HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('Refresh acks at once and replaces the card in place with a fresh read', async () => {
    const card = await shipmentCard(harness);
    harness.sim.resetRequests();
    const answer = await click(harness, card, { actionId: ACTION.shipmentRefresh, value: SHIPMENT.id });
    expect(answer.status).toBe(200);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    const update = await harness.waitForCall('chat.update', { channel: card.channelId, ts: card.ts });
    expect(update.ok).toBe(true);
    expect(textOf(update)).toContain(SHIPMENT.bl);
    // The footer's age is a live Slack `{ago}` token; a fresh read dates it now.
    const updatedAt = /<!date\^(\d+)\^Updated \{ago\}/.exec(textOf(update))?.[1];
    expect(Math.abs(Number(updatedAt) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(harness.sim.requests.some((r) => r.path === `/shipments/${SHIPMENT.id}`)).toBe(true);
    expect(harness.slack.callsTo('chat.postMessage', { channel: card.channelId })).toHaveLength(1);
  });

  it('Refresh that fails tells the clicker privately and leaves the card as it was', async () => {
    const card = await shipmentCard(harness);
    harness.sim.faults.add({
      match: { path: `/shipments/${SHIPMENT.id}` },
      kind: 'status',
      status: 404,
    });
    const answer = await click(harness, card, { actionId: ACTION.shipmentRefresh, value: SHIPMENT.id });
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(post.body).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(harness.slack.callsTo('chat.update', { ts: card.ts })).toHaveLength(0);
  });

  it('Vessel posts the vessel card with a week of positions in the card thread', async () => {
    const card = await shipmentCard(harness);
    harness.sim.resetRequests();
    await click(harness, card, {
      actionId: ACTION.shipmentOpenVessel,
      value: DEMO.vessels.withPositions.imo,
    });
    const reply = await threadReply(harness, card);
    expect(reply.ok).toBe(true);
    expect(textOf(reply)).toContain(DEMO.vessels.withPositions.name);
    const vesselRead = harness.sim.requests.find((r) => r.path.startsWith('/vessels/'));
    expect(vesselRead?.query).toMatch(/from/);
  });

  it('Show all containers posts the whole list as thread replies, each within Slack limits', async () => {
    const card = await shipmentCard(harness, DEMO.shipments.manyContainers.id);
    await click(harness, card, {
      actionId: ACTION.shipmentShowAllContainers,
      value: DEMO.shipments.manyContainers.id,
    });
    const replies = () => harness.slack.callsTo('chat.postMessage', { thread_ts: card.ts });
    const listedNumbers = () =>
      new Set(
        replies()
          .map(textOf)
          .join(' ')
          .match(/\b[A-Z]{4}\d{7}\b/g),
      );
    await expect.poll(() => listedNumbers().size).toBeGreaterThanOrEqual(60);
    expect(replies().length).toBeGreaterThan(1);
    for (const reply of replies()) {
      expect(reply.ok).toBe(true);
      // SAFETY: the fake recorded the message the bot sent.
      assertWithinBlockKitLimits({ text: String(reply.args.text), blocks: reply.args.blocks as never });
    }
  });

  it('Open shipment on a tracking-request card posts the shipment card in its thread', async () => {
    const detail = await harness.tracking.getTrackingRequest(DEMO.trackingRequests.created);
    const card = await postCard(harness, renderTrackingRequestCard(detail, { now: new Date() }));
    await click(harness, card, { actionId: ACTION.trackingRequestOpenShipment, value: SHIPMENT.id });
    const reply = await threadReply(harness, card);
    expect(textOf(reply)).toContain(SHIPMENT.bl);
  });

  it('Refresh on a tracking-request card updates it in place', async () => {
    const detail = await harness.tracking.getTrackingRequest(DEMO.trackingRequests.pending);
    const card = await postCard(harness, renderTrackingRequestCard(detail, { now: new Date() }));
    await click(harness, card, {
      actionId: ACTION.trackingRequestRefresh,
      value: DEMO.trackingRequests.pending,
    });
    const update = await harness.waitForCall('chat.update', { ts: card.ts });
    expect(update.ok).toBe(true);
  });
});

describe('a button from an older card that no listener owns', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('is acknowledged at once, and the clicker is told privately how to get a current card', async () => {
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
    harness.sim.resetRequests();
    const answer = await click(harness, card, { actionId: 'shipment_refresh_v0', value: SHIPMENT.id });
    expect(answer.status).toBe(200);
    expect(answer.elapsedMs).toBeLessThan(1_000);
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(JSON.stringify(post.body)).toContain('older version of this card');
    expect(harness.sim.requests).toEqual([]);
  });
});

describe('the Vessel button without the routing-data feature', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ apiKey: DEMO.apiKeys.noRouting });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('still posts the vessel card, without positions, and says why', async () => {
    const detail = await harness.tracking.getShipment(SHIPMENT.id);
    const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
    await click(harness, card, {
      actionId: ACTION.shipmentOpenVessel,
      value: DEMO.vessels.withPositions.imo,
    });
    const reply = await threadReply(harness, card);
    expect(textOf(reply)).toContain(DEMO.vessels.withPositions.name);
    expect(textOf(reply)).toMatch(/routing|feature/i);
  });
});
