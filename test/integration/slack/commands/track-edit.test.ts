import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW } from '../../../../src/cards/ids.js';
import { TRACK_EDIT_CONFIRM_ACTIONS } from '../../../../src/cards/track-edit-confirm.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';

const REQUEST_ID = DEMO.trackingRequests.created;

describe('/track-edit through signed HTTP requests', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('opens a loading modal with the trigger_id first, then replaces it with the edit form', async () => {
    const sent = await harness.command('/track-edit', REQUEST_ID);
    expect(sent.status).toBe(200);
    const opened = await harness.waitForCall('views.open', { trigger_id: sent.triggerId });
    expect(opened.ok).toBe(true);
    expect(opened.args.view).toMatchObject({ callback_id: VIEW.loading });
    const updated = await harness.waitForCall('views.update');
    expect(updated.ok).toBe(true);
    expect(updated.at).toBeGreaterThanOrEqual(opened.at);
    expect(updated.args.view).toMatchObject({ callback_id: VIEW.trackEdit });
    // SAFETY: the fake Slack recorded the decoded view JSON the bot sent.
    assertWithinBlockKitLimits(updated.args.view as never);
  });

  it('applies ref= and tags= with exactly one write, and leaves an audit line in the card thread', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command(
      '/track-edit',
      `${REQUEST_ID} ref="PO 4500123" tags=urgent,customer-x`,
    );
    const reply = await harness.waitForReply(sent);
    expect(reply.via).toBe('message');
    assertWithinBlockKitLimits({ text: reply.text, blocks: reply.blocks });
    const cardTs = reply.via === 'message' ? reply.call.answer?.ts : undefined;
    expect(cardTs).toEqual(expect.any(String));
    const audit = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === sent.channelId && call.args.thread_ts !== undefined,
    );
    expect(audit.args.thread_ts).toBe(cardTs);
    expect(String(audit.args.text)).toContain(`<@${sent.userId}>`);
    expect(String(audit.args.text)).toContain('PO 4500123');
    const writes = harness.sim.requests.filter((request) => request.method === 'PATCH') ?? [];
    expect(writes).toHaveLength(1);
    expect(writes[0]?.path).toContain(REQUEST_ID);
  });

  it("writes what was typed, not Slack's escaping of it: ref=R&D (sent as R&amp;D) is stored as R&D", async () => {
    const sent = await harness.command('/track-edit', `${REQUEST_ID} ref=R&amp;D`);
    await harness.waitForReply(sent);
    const stored = await harness.tracking.getTrackingRequest(REQUEST_ID, { fresh: true });
    expect(stored.trackingRequest.refNumbers).toContain('R&D');
    expect(stored.trackingRequest.refNumbers).not.toContain('R&amp;D');
  });

  it('shows the usage privately for an unknown field', async () => {
    const sent = await harness.command('/track-edit', `${REQUEST_ID} colour=blue`);
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(JSON.stringify(reply.blocks)).toContain('colour');
  });
});

describe('/track-edit with a read-only API key', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ apiKey: DEMO.apiKeys.readonly });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('shows the refusal privately and posts nothing in the channel', async () => {
    const sent = await harness.command('/track-edit', `${REQUEST_ID} tags=urgent`);
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(harness.slack.callsTo('chat.postMessage', { channel: sent.channelId })).toHaveLength(0);
    expect(harness.sim.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });
});

describe('/track-edit <id> ref= (clearing the ref number)', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('asks first; "Clear it" clears it with one write and an audit line, "Keep it" changes nothing', async () => {
    harness.sim.resetRequests();
    const sent = await harness.command('/track-edit', `${REQUEST_ID} ref=`);
    const question = await harness.waitForReply(sent);
    expect(question).toMatchObject({ via: 'response_url', responseType: 'ephemeral' });
    expect(JSON.stringify(question.blocks)).toContain('Clear the ref number');
    expect(harness.sim.requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    const kept = await harness.action({
      actionId: TRACK_EDIT_CONFIRM_ACTIONS.keepRef,
      value: REQUEST_ID,
      container: { kind: 'message', channelId: sent.channelId, messageTs: '1700000000.000002' },
    });
    const nothing = await harness.responseUrls.waitForPost(kept.responseUrl);
    expect(JSON.stringify(nothing.body)).toContain('Nothing changed');
    expect(harness.sim.requests.filter((request) => request.method === 'PATCH')).toEqual([]);

    await harness.action({
      actionId: TRACK_EDIT_CONFIRM_ACTIONS.clearRef,
      value: JSON.stringify({ id: REQUEST_ID }),
      container: { kind: 'message', channelId: sent.channelId, messageTs: '1700000000.000003' },
    });
    const audit = await harness.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === sent.channelId && call.args.thread_ts !== undefined,
    );
    expect(String(audit.args.text)).toMatch(/cleared the ref/);
    expect(harness.sim.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    const stored = await harness.tracking.getTrackingRequest(REQUEST_ID, { fresh: true });
    expect(stored.trackingRequest.refNumbers).toEqual([]);
  });
});
