import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, VIEW } from '../../../../src/cards/ids.js';
import { renderTrackingRequestCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId } from '../../../helpers/slack/payloads.js';
import { ackBody, click, type PostedCard, postCard, textOf, threadReply, writes } from './world.js';

const REQUEST: string = DEMO.trackingRequests.created;

/** Posts the tracking-request card, clicks Edit and returns the loaded form's private_metadata. */
async function openEdit(
  harness: BotHarness,
  requestId = REQUEST,
): Promise<{ card: PostedCard; metadata: string }> {
  const detail = await harness.tracking.getTrackingRequest(requestId);
  const card = await postCard(harness, renderTrackingRequestCard(detail, { now: new Date() }));
  const triggerId = nextId('TRIG');
  await click(harness, card, { actionId: ACTION.trackingRequestEdit, value: requestId, triggerId });
  const opened = await harness.waitForCall('views.open', { trigger_id: triggerId });
  expect(opened.args.view).toMatchObject({ callback_id: VIEW.loading });
  const updated = await harness.waitForCall(
    'views.update',
    (call) => call.at >= opened.at && JSON.stringify(call.args.view).includes(card.ts),
  );
  // SAFETY: the fake recorded the decoded view JSON the bot sent.
  const view = updated.args.view as { callback_id: string; private_metadata: string };
  expect(view.callback_id).toBe(VIEW.trackEdit);
  assertWithinBlockKitLimits(view as never);
  return { card, metadata: view.private_metadata };
}

function submit(harness: BotHarness, metadata: string, ref: string | null, tags: string | null) {
  return harness.submitView({
    callbackId: VIEW.trackEdit,
    privateMetadata: metadata,
    values: {
      [INPUT.trackEditRef.block]: { [INPUT.trackEditRef.action]: ref },
      [INPUT.trackEditTags.block]: { [INPUT.trackEditTags.action]: tags },
    },
  });
}

describe('editing a tracking request from its card, through signed HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('saves ref and tags with one PATCH, updates the card in place and records the change in its thread', async () => {
    const { card, metadata } = await openEdit(harness);
    harness.sim.resetRequests();
    const answer = await submit(harness, metadata, 'ABC', 'a, b');
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    expect(writes(harness)).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `/tracking_requests/${REQUEST}`, status: 200 }),
    ]);
    const update = await harness.waitForCall('chat.update', { ts: card.ts });
    expect(textOf(update)).toContain('ABC');
    const audit = await threadReply(harness, card);
    expect(String(audit.args.text)).toMatch(
      /^🏷️ <@U0ALICE> changed ref to `ABC`, tags to `a, b` on tracking request `/,
    );
  });

  it("shows the API's validation error next to the ref number and keeps the modal open", async () => {
    const { card, metadata } = await openEdit(harness, DEMO.trackingRequests.pending);
    const tooLongForTheApi = 'R'.repeat(60);
    const answer = await submit(harness, metadata, tooLongForTheApi, null);
    const body = ackBody(answer);
    expect(body).toMatchObject({ response_action: 'errors' });
    expect(Object.keys((body?.errors ?? {}) as object)).toEqual([INPUT.trackEditRef.block]);
    expect(JSON.stringify(body)).toMatch(/too long/);
    expect(harness.slack.callsTo('chat.update', { ts: card.ts })).toHaveLength(0);
  });

  it('refuses an over-long tag locally, without calling the API', async () => {
    const { metadata } = await openEdit(harness, DEMO.trackingRequests.failed);
    harness.sim.resetRequests();
    const answer = await submit(harness, metadata, null, `ok, ${'t'.repeat(80)}`);
    expect(ackBody(answer)).toMatchObject({
      response_action: 'errors',
      errors: { [INPUT.trackEditTags.block]: expect.stringContaining('50 characters') },
    });
    expect(writes(harness)).toEqual([]);
  });
});

describe('submitting the modal /track-edit opened (no card yet)', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('posts the updated card to the command’s channel and threads the audit line under it', async () => {
    const channelId = nextId('C');
    const metadata = JSON.stringify({
      trackingRequestId: DEMO.trackingRequests.awaitingManifest,
      requestNumber: 'REQ-1',
      channelId,
      messageTs: null,
      threadTs: null,
      original: { ref: '', tags: [] },
    });
    const answer = await submit(harness, metadata, 'PO-7', null);
    expect(ackBody(answer)).toEqual({ response_action: 'clear' });
    const card = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && call.args.thread_ts === undefined,
    );
    expect(textOf(card)).toContain('PO-7');
    const audit = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && call.args.thread_ts !== undefined,
    );
    expect(String(audit.args.text)).toContain('changed ref to `PO-7`');
    expect(audit.args.thread_ts).toBe(card.answer?.ts);
  });
});
