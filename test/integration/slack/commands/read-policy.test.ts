import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('commands where SHIPWATCH_CHANNELS limits Shipwatch to some channels', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ env: { SHIPWATCH_CHANNELS: 'C0ALLOWED' } });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('answers in an allowed channel', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl, {
      channelId: 'C0ALLOWED',
    });
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
  });

  it('explains privately, without calling the API, in any other channel', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl, {
      channelId: 'C0ELSEWHERE',
    });
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(reply.text).toContain('SHIPWATCH_CHANNELS');
    expect(harness.sim.requests).toHaveLength(0);
  });

  it('applies the same limit to `/shipwatch shipment …`', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command('/shipwatch', `shipment ${DEMO.shipments.slippedEta.bl}`, {
      channelId: 'C0ELSEWHERE',
    });
    const reply = await harness.waitForReply(sent);
    expect(reply.text).toContain('SHIPWATCH_CHANNELS');
    expect(harness.sim.requests).toHaveLength(0);
  });

  it('still shows help anywhere, since it carries no shipment data', async () => {
    const sent = await harness.command('/shipwatch', 'help', { channelId: 'C0ELSEWHERE' });
    const reply = await harness.waitForReply(sent);
    expect(reply.text).toContain('/shipment');
  });
});
