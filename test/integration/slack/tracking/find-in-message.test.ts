/**
 * "Find shipments in this message" through signed HTTP, with the simulator: a message naming one shipment gets its
 * card in the message's thread; several numbers get one compact list with a Card button per row (and Card posts that
 * card in the thread); a number the account does not track gets Track it; a message with no number is told privately.
 * Each number costs one request where the API allows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, SHORTCUT } from '../../../../src/cards/ids.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { messageShortcutPayload } from '../../../../src/workspace/bot-link/payloads.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { interactionBody, nextId, TEST_SOURCE, TEST_USER } from '../../../helpers/slack/payloads.js';
import { click, textOf } from '../interactions/world.js';

describe('the message shortcut "Find shipments in this message"', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  /** Uses the shortcut on a message with `text` in a fresh channel; returns where its answers go. */
  const useOn = async (text: string) => {
    const channelId = nextId('C');
    const ts = `${Math.floor(Date.now() / 1000)}.${nextId('').replace(/\D/g, '').slice(0, 6).padEnd(6, '0')}`;
    const responseUrl = harness.responseUrls.newUrl();
    harness.sim.resetRequests();
    const answer = await harness.postSigned(
      interactionBody(
        messageShortcutPayload(TEST_SOURCE, {
          user: { id: TEST_USER.id, name: TEST_USER.name },
          callbackId: SHORTCUT.findInMessage,
          channel: { id: channelId, name: 'ops' },
          message: { type: 'message', user: 'U0BOB', ts, text },
          triggerId: nextId('TRIG'),
          actionTs: `${Date.now() / 1000}`,
          responseUrl,
        }),
      ),
    );
    expect(answer.status).toBe(200);
    return { channelId, ts, responseUrl };
  };
  const threadReply = (where: { channelId: string; ts: string }) =>
    harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === where.channelId && call.args.thread_ts === where.ts,
    );

  it('answers a message naming one shipment with its card in the message’s thread, in one request', async () => {
    const { bl } = DEMO.shipments.onWater;
    const where = await useOn(`Hi team, arrival notice attached for B/L ${bl}. Please book a truck.`);
    const card = await threadReply(where);
    expect(textOf(card)).toContain(bl);
    expect(harness.sim.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /shipments']);
  });

  it('lists several numbers in one message, with a Card button per row that posts that card in the thread', async () => {
    const a = DEMO.shipments.onWater.bl;
    const b = DEMO.shipments.arrived.bl;
    const where = await useOn(`Two bookings this week:\n• ${a}\n• ${b}`);
    const list = await threadReply(where);
    const blocks = JSON.stringify(list.args.blocks);
    expect(blocks).toContain(a);
    expect(blocks).toContain(b);
    expect(blocks.split(ACTION.foundShowCard).length - 1).toBe(2);
    expect(harness.sim.requests).toHaveLength(2);

    await click(
      harness,
      { channelId: where.channelId, ts: String(list.answer?.ts), blocks: [] },
      { actionId: ACTION.foundShowCard, value: b },
    );
    const card = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === where.channelId && call.at > list.at,
    );
    expect(card.args.thread_ts).toBeTruthy();
    expect(textOf(card)).toContain(b);
  });

  it('offers Track it for a number this account does not track, and says privately when a message names none', async () => {
    const where = await useOn('Container TGHU5550007 is not ours yet, and MSKU 907032-4 has a typo.');
    const list = await threadReply(where);
    const blocks = JSON.stringify(list.args.blocks);
    expect(blocks).toContain('TGHU5550007');
    expect(blocks).toContain(ACTION.trackIt);
    expect(blocks).not.toContain('MSKU9070324');

    const none = await useOn('Lunch at noon? Call me on 5551234567.');
    const told = await harness.responseUrls.waitForPost(none.responseUrl);
    expect(JSON.stringify(told.body)).toContain('No container, bill of lading or booking number');
  });
});
