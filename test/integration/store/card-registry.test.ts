/**
 * Every card posted in a channel is recorded in the store (workspace, channel, ts, kind, subject),
 * so a watch can find it and update it in place later; a private card, which has no ts, is not.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/index.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { type BotHarness, startBotHarness } from '../../helpers/slack/bot-harness.js';
import { TEST_TEAM } from '../../helpers/slack/payloads.js';

describe('the registry of posted cards', () => {
  let store: Store;
  let harness: BotHarness;
  beforeAll(async () => {
    store = await openStore({
      dataDir: mkdtempSync(join(tmpdir(), 'shipwatch-cards-')),
      clock: systemClock,
      logger: silentLogger,
    });
    harness = await startBotHarness({ store });
  });
  afterAll(async () => {
    await harness?.stop();
    await store?.close();
  });

  it('records a shipment card posted in the channel, under its shipment id', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl);
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    const ts = reply.via === 'message' ? reply.call.answer?.ts : undefined;
    // Recorded just after Slack answered the post.
    await expect
      .poll(() => store.cards.findBySubject(TEST_TEAM.id, 'shipment', DEMO.shipments.slippedEta.id))
      .toHaveLength(1);
    const cards = await store.cards.findBySubject(TEST_TEAM.id, 'shipment', DEMO.shipments.slippedEta.id);
    expect(cards).toEqual([
      expect.objectContaining({
        channelId: sent.channelId,
        messageTs: ts,
        kind: 'shipment',
        isPrivate: false,
        // Set by the first watched delivery, which renders the card in the watch's terms.
        renderedVersion: null,
      }),
    ]);
  });

  it('does not record a private card', async () => {
    const sent = await harness.command('/shipment', `${DEMO.shipments.arrived.bl} private`);
    await harness.waitForReply(sent);
    expect(await store.cards.findBySubject(TEST_TEAM.id, 'shipment', DEMO.shipments.arrived.id)).toEqual([]);
  });
});
