/**
 * Lookups as a person in a hurry uses them: two numbers typed in one command give a card each (never one glued
 * number), more than the limit gets a clear "at most 3", and a lookup slower than 1.5 s shows "Looking up …" where the
 * card will go, which the card then replaces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('several numbers in one /shipment', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('posts a card for each, in the order typed', async () => {
    const sent = await harness.command(
      '/shipment',
      `${DEMO.shipments.slippedEta.bl} ${DEMO.shipments.arrived.bl}`,
    );
    await harness.waitForCall('chat.postMessage', { channel: sent.channelId });
    await expect
      .poll(() =>
        harness.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === sent.channelId),
      )
      .toHaveLength(2);
    const texts = harness.slack
      .callsTo('chat.postMessage')
      .filter((call) => call.args.channel === sent.channelId)
      .map((call) => String(call.args.text));
    expect(texts[0]).toContain(DEMO.shipments.slippedEta.bl);
    expect(texts[1]).toContain(DEMO.shipments.arrived.bl);
  });

  it('asks for at most three at a time, and looks none up', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command(
      '/shipment',
      'MAEU240817361 MAEU240817362 MAEU240817363 MAEU240817364',
    );
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(JSON.stringify(reply.blocks)).toContain('at most 3 numbers');
    expect(harness.sim.requests).toEqual([]);
  });
});

describe('a lookup slower than a second and a half', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ simulator: { latencyMs: 2_200 } });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('shows "Looking up …" in the channel, then replaces it with the card', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl);
    const placeholder = await harness.waitForCall('chat.postMessage', { channel: sent.channelId }, 5_000);
    expect(String(placeholder.args.text)).toContain(`Looking up *${DEMO.shipments.slippedEta.bl}*`);
    expect(placeholder.at - sent.answeredAt).toBeGreaterThanOrEqual(1_000);
    const card = await harness.waitForCall('chat.update', { channel: sent.channelId }, 8_000);
    expect(card.args.ts).toBe(placeholder.answer?.ts);
    expect(String(card.args.text)).toContain(DEMO.shipments.slippedEta.bl);
    expect(
      harness.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === sent.channelId),
    ).toHaveLength(1);
  }, 15_000);

  it('turns the placeholder into a short line when the answer can only be private', async () => {
    const sent = await harness.command('/shipment', 'MAEU000000000');
    await harness.waitForCall('chat.postMessage', { channel: sent.channelId }, 5_000);
    const closed = await harness.waitForCall('chat.update', { channel: sent.channelId }, 12_000);
    expect(String(closed.args.text)).toContain('got the answer privately');
    const privately = await harness.responseUrls.waitForPost(sent.responseUrl, undefined, 12_000);
    expect(privately.body).toMatchObject({ response_type: 'ephemeral' });
  }, 20_000);
});
