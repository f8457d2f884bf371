import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../../../src/cards/ids.js';
import { renderEmailSubmissionCard, renderShipmentCard } from '../../../../src/cards/index.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId } from '../../../helpers/slack/payloads.js';
import { click, postCard, textOf, threadReply, writes } from './world.js';

async function emailCard(harness: BotHarness) {
  const detail = await harness.tracking.getEmailSubmission(DEMO.emailSubmissions.withImages);
  return postCard(harness, renderEmailSubmissionCard(detail, { now: new Date() }));
}

const rotatePng = { actionId: ACTION.documentRotate90, value: DEMO.documents.png };

describe('who may write, through signed HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
    harness.slack.setUser({ id: 'UGUEST', isRestricted: true });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('tells a guest privately why they cannot rotate, and calls no API', async () => {
    const card = await emailCard(harness);
    harness.sim.resetRequests();
    const answer = await click(harness, card, { ...rotatePng, userId: 'UGUEST' });
    expect(answer.status).toBe(200);
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(post.body).toMatchObject({ response_type: 'ephemeral' });
    expect(JSON.stringify(post.body)).toContain(
      "Guests can look at Shipwatch cards but can't change tracking data",
    );
    expect(harness.sim.requests).toEqual([]);
    expect(harness.slack.callsTo('chat.postMessage', { thread_ts: card.ts })).toHaveLength(0);
    const line = harness.logs.find((entry) => entry.msg === 'write' && entry.user === 'UGUEST');
    expect(line).toMatchObject({
      action: ACTION.documentRotate90,
      target: DEMO.documents.png,
      outcome: 'denied:guest',
    });
  });

  it('shows a guest the reason in the custom-field modal instead of the form, and calls no API', async () => {
    const detail = await harness.tracking.getShipment(DEMO.shipments.slippedEta.id);
    const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
    harness.sim.resetRequests();
    const triggerId = nextId('TRIG');
    await harness.action({
      kind: 'overflow',
      actionId: ACTION.containerOverflow,
      selectedValue: `${SET_FIELD_OPTION_PREFIX}${detail.containers[0]?.id ?? ''}`,
      userId: 'UGUEST',
      triggerId,
      container: {
        kind: 'message',
        channelId: card.channelId,
        messageTs: card.ts,
        messageBlocks: card.blocks,
      },
    });
    await harness.waitForCall('views.open', { trigger_id: triggerId });
    const notice = await harness.waitForCall('views.update', (call) =>
      textOf(call).includes('Guests can look'),
    );
    expect(notice.ok).toBe(true);
    expect(harness.sim.requests).toEqual([]);
  });

  it('lets a full member rotate, and logs one line naming who, where and what — never a token', async () => {
    const card = await emailCard(harness);
    await click(harness, card, { ...rotatePng, userId: 'UMEMBER' });
    await threadReply(harness, card);
    // The write is logged once the thread reply's answer is back, a moment after the fake Slack recorded it.
    const logged = (entry: Record<string, unknown>) => entry.msg === 'write' && entry.user === 'UMEMBER';
    await vi.waitFor(() => expect(harness.logs.some(logged)).toBe(true));
    const lines = harness.logs.filter((entry) => entry.msg === 'write' && entry.user === 'UMEMBER');
    expect(lines).toEqual([
      expect.objectContaining({
        team: 'T0SHIPWATCH',
        channel: card.channelId,
        action: ACTION.documentRotate90,
        target: DEMO.documents.png,
        outcome: 'ok',
      }),
    ]);
    expect(JSON.stringify(harness.logs)).not.toContain(harness.secrets.botToken);
  });

  it('asks Slack who someone is once for a /track-edit and the buttons they click after it', async () => {
    const sent = await harness.command('/track-edit', `${DEMO.trackingRequests.created} ref=PO-1`, {
      userId: 'UWRITER',
    });
    await harness.waitForReply(sent);
    const card = await emailCard(harness);
    await click(harness, card, { ...rotatePng, userId: 'UWRITER' });
    await threadReply(harness, card);
    expect(harness.slack.callsTo('users.info', { user: 'UWRITER' })).toHaveLength(1);
  });
});

describe('SHIPWATCH_EDITORS narrows writes to the listed people and user groups', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ env: { SHIPWATCH_EDITORS: 'UEDITOR,SOPSTEAM' } });
    harness.slack.setUsergroup('SOPSTEAM', ['UGROUPIE']);
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('lets a listed user and a member of a listed group rotate', async () => {
    for (const userId of ['UEDITOR', 'UGROUPIE']) {
      const card = await emailCard(harness);
      await click(harness, card, { ...rotatePng, userId });
      const audit = await threadReply(harness, card);
      expect(String(audit.args.text)).toContain(`<@${userId}>`);
    }
  });

  it('tells anyone else privately that only editors may change data, and calls no API', async () => {
    const card = await emailCard(harness);
    harness.sim.resetRequests();
    const answer = await click(harness, card, { ...rotatePng, userId: 'UBYSTANDER' });
    const post = await harness.responseUrls.waitForPost(answer.responseUrl);
    expect(JSON.stringify(post.body)).toContain('Only the people set up as Shipwatch editors');
    expect(writes(harness)).toEqual([]);
  });

  it('still lets anyone read: Refresh works for a non-editor', async () => {
    const detail = await harness.tracking.getShipment(DEMO.shipments.arrived.id);
    const card = await postCard(harness, renderShipmentCard(detail, { now: new Date() }));
    await click(harness, card, {
      actionId: ACTION.shipmentRefresh,
      value: DEMO.shipments.arrived.id,
      userId: 'UBYSTANDER',
    });
    const update = await harness.waitForCall('chat.update', { ts: card.ts });
    expect(update.ok).toBe(true);
  });
});
