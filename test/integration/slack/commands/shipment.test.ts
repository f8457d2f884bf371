import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

let harness: BotHarness;
beforeAll(async () => {
  harness = await startBotHarness();
});
afterAll(async () => {
  await harness?.stop();
});
beforeEach(() => {
  harness.sim.faults.clear();
});

describe('/shipment through signed HTTP requests', () => {
  it('acks at once and posts the card for a bill of lading in the channel with chat.postMessage', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl);
    expect(sent.status).toBe(200);
    expect(sent.body).toBe('');
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.shipments.slippedEta.bl);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
    expect(JSON.stringify(reply.blocks)).toContain(DEMO.containers.onHold);
  });

  it('finds the shipment from one of its container numbers', async () => {
    const sent = await harness.command('/shipment', DEMO.containers.onHold);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.shipments.slippedEta.bl);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
  });

  it('finds a shipment by booking number and summarises its 60 containers within Block Kit limits', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.manyContainers.booking);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.blocks.length).toBeLessThanOrEqual(50);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
  });

  it('looks up a shipment id that is not a UUID', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.nonUuid.id);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    expect(reply.text).toContain(DEMO.shipments.nonUuid.bl);
  });

  it('answers only the caller when asked for private', async () => {
    const sent = await harness.command('/shipment', `${DEMO.shipments.arrived.bl} private`);
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toContain(DEMO.shipments.arrived.bl);
    expect(harness.slack.callsTo('chat.postMessage', { channel: sent.channelId })).toHaveLength(0);
  });

  it('asks before Watch on a private card posts the card for everyone, naming the channel', async () => {
    const sent = await harness.command('/shipment', `${DEMO.shipments.arrived.bl} private`);
    const reply = await harness.waitForReply(sent);
    const watch = reply.blocks
      .flatMap((block) => (block.type === 'actions' ? block.elements : []))
      .find((element) => element.type === 'button' && element.action_id === 'shipment_watch');
    expect(JSON.stringify(watch)).toContain(
      `Watching posts the card in <#${sent.channelId}|ops> for everyone`,
    );
    expect(JSON.stringify(watch)).toContain('Post and watch');
  });

  it('looks up words the person styled (`*bold* _it_`) one by one, never glued into "BOLDIT"', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command('/shipment', '*bold* _it_');
    await harness.waitForReply(sent);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queried = (harness.sim.requests ?? []).map((request) =>
      decodeURIComponent(`${request.path}?${request.query}`),
    );
    expect(queried.join('\n')).not.toMatch(/BOLDIT/i);
    expect(queried.some((url) => /bold/i.test(url))).toBe(true);
    expect(queried.some((url) => /[=/]IT(?:&|$)/i.test(url))).toBe(true);
  });

  it('tells only the caller when the number matches nothing', async () => {
    const sent = await harness.command('/shipment', 'MAEU999999999');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toContain('MAEU999999999');
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
  });

  it('shows an error card, privately, when the tracking API is down', async () => {
    harness.sim.faults.add({ kind: 'status', status: 503, times: 20 });
    const sent = await harness.command('/shipment', DEMO.shipments.onWater.bl);
    const reply = await harness.waitForReply(sent, 15_000);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toMatch(/not answering/i);
    expect(reply.text).not.toMatch(/at .*\.ts:\d+/);
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
    expect(harness.slack.callsTo('chat.postMessage', { channel: sent.channelId })).toHaveLength(0);
  });

  it('shows the usage privately when no number was given', async () => {
    const sent = await harness.command('/shipment', '');
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toMatch(/^Usage: \/shipment/);
  });
});
