/**
 * A container number whose check digit does not add up is most likely a typo: the not-found card offers the
 * corrected number as a button, and the button runs the lookup, posting the card where /shipment would have.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_ACTIONS } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

describe('"did you mean TCLU1234568?"', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('is a button that looks the corrected number up and posts its card in the channel', async () => {
    const typo = `${DEMO.containers.ready.slice(0, 10)}7`;
    const sent = await harness.command('/shipment', typo);
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    const value = `channel:${DEMO.containers.ready}`;
    expect(JSON.stringify(reply.blocks)).toContain(`"value":"${value}"`);
    const clicked = await harness.action({
      actionId: NOT_FOUND_ACTIONS.lookUp,
      value,
      container: { kind: 'message', channelId: sent.channelId, messageTs: '1700000000.000001' },
    });
    expect(clicked.status).toBe(200);
    const card = await harness.waitForCall('chat.postMessage', { channel: sent.channelId });
    expect(String(card.args.text)).toContain(DEMO.shipments.slippedEta.bl);
  });
});
