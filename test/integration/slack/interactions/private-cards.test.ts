/**
 * A card sent with `private` is seen by one person; what follows from it stays with them (the full container list,
 * the vessel), while a write made from it is still recorded where the team can see it, naming the person, what they
 * changed and on which container.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { renderEmailSubmissionCard, renderShipmentCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId } from '../../../helpers/slack/payloads.js';

describe('buttons on a private card', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  /** Clicks `actionId` on an ephemeral copy of `blocks` in a fresh channel; returns the click and its channel. */
  async function clickPrivately(blocks: readonly unknown[], actionId: string, value: string) {
    const channelId = nextId('C');
    const sent = await harness.action({
      actionId,
      value,
      container: {
        kind: 'message',
        channelId,
        messageTs: '1700000000.000100',
        messageBlocks: blocks,
        isEphemeral: true,
      },
    });
    expect(sent.status).toBe(200);
    return { sent, channelId };
  }

  it('shows "Show all containers" only to the person, never in the channel', async () => {
    const detail = await harness.tracking.getShipment(DEMO.shipments.manyContainers.id);
    const card = renderShipmentCard(detail, { now: new Date() });
    const { sent, channelId } = await clickPrivately(
      card.blocks,
      ACTION.shipmentShowAllContainers,
      DEMO.shipments.manyContainers.id,
    );
    const shown = await harness.responseUrls.waitForPost(sent.responseUrl);
    expect(shown.body).toMatchObject({ response_type: 'ephemeral' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      harness.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === channelId),
    ).toEqual([]);
  });

  it('shows the vessel only to the person, never in the channel', async () => {
    const detail = await harness.tracking.getShipment(DEMO.shipments.slippedEta.id);
    const card = renderShipmentCard(detail, { now: new Date() });
    const { sent, channelId } = await clickPrivately(
      card.blocks,
      ACTION.shipmentOpenVessel,
      DEMO.vessels.withPositions.imo,
    );
    const shown = await harness.responseUrls.waitForPost(sent.responseUrl);
    expect(shown.body).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(shown.body)).toContain(DEMO.vessels.withPositions.name);
    expect(
      harness.slack.callsTo('chat.postMessage').filter((call) => call.args.channel === channelId),
    ).toEqual([]);
  });

  it('records a rotation made from it where the team sees it: a line in the channel naming the person', async () => {
    const detail = await harness.tracking.getEmailSubmission(DEMO.emailSubmissions.withImages);
    const card = renderEmailSubmissionCard(detail, { now: new Date(), downloadUrls: {} });
    const { channelId } = await clickPrivately(card.blocks, ACTION.documentRotate90, DEMO.documents.png);
    const line = await harness.waitForCall('chat.postMessage', { channel: channelId });
    expect(line.args.thread_ts).toBeUndefined();
    expect(String(line.args.text)).toMatch(/<@U\w+> rotated/);
  });
});
