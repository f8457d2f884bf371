import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_HINT } from '../../../../src/cards/invite-hint.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../../../src/workspace/bot-link/sign.js';
import { type BotHarness, startBotHarness } from '../../../helpers/slack/bot-harness.js';
import { slashCommandBody } from '../../../helpers/slack/payloads.js';

describe('the bot over HTTP', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness();
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('answers GET /healthz with ok', async () => {
    const response = await fetch(`${harness.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('rejects an unsigned request with 401 and runs nothing', async () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: DEMO.shipments.onWater.bl,
      responseUrl: harness.responseUrls.newUrl(),
      channelId: 'C0UNSIGNED',
    });
    const answer = await harness.postRaw(body, {});
    expect(answer.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(harness.slack.callsTo('chat.postMessage', { channel: 'C0UNSIGNED' })).toHaveLength(0);
  });

  it('rejects a request signed with another secret with 401', async () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: 'x',
      responseUrl: harness.responseUrls.newUrl(),
    });
    const answer = await harness.postRaw(body, { ...signSlackRequest('not-the-secret', body) });
    expect(answer.status).toBe(401);
  });

  it('rejects a correctly signed request older than five minutes (replay) with 401', async () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: 'x',
      responseUrl: harness.responseUrls.newUrl(),
    });
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    const answer = await harness.postRaw(body, {
      ...signSlackRequest(harness.secrets.signingSecret, body, stale * 1000),
    });
    expect(answer.status).toBe(401);
  });

  it('rejects a body altered after signing with 401', async () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: 'x',
      responseUrl: harness.responseUrls.newUrl(),
    });
    const answer = await harness.postRaw(`${body}&text=other`, {
      ...signSlackRequest(harness.secrets.signingSecret, body),
    });
    expect(answer.status).toBe(401);
  });

  it('answers through the response_url with an invite hint when the bot is not in the channel', async () => {
    harness.slack.setChannelError('C0NOTMEMBER', 'not_in_channel');
    const sent = await harness.command('/shipment', DEMO.shipments.appointment.bl, {
      channelId: 'C0NOTMEMBER',
    });
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'in_channel' });
    expect(reply.text).toContain(DEMO.shipments.appointment.bl);
    expect(reply.blocks.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: INVITE_HINT }],
    });
    expect(harness.slack.callsTo('chat.postMessage', { channel: 'C0NOTMEMBER' })[0]?.error).toBe(
      'not_in_channel',
    );
  });

  it('still answers through the response_url when Slack rate-limits the post', async () => {
    harness.slack.failNext('chat.postMessage', { kind: 'ratelimited', retryAfterSeconds: 30 });
    const sent = await harness.command('/shipment', DEMO.shipments.unknownTerminalData.bl);
    const reply = await harness.waitForReply(sent);
    expect(reply).toMatchObject({ via: 'response_url', responseType: 'in_channel' });
    expect(reply.text).toContain(DEMO.shipments.unknownTerminalData.bl);
  });

  it('still answers within seconds when the Slack Web API hangs', async () => {
    harness.slack.failNext('chat.postMessage', { kind: 'hang' });
    const sent = await harness.command('/shipment', DEMO.shipments.trackingStopped.bl);
    const reply = await harness.waitForReply(sent, 6_000);
    expect(reply.via).toBe('response_url');
    if (reply.via === 'response_url') expect(reply.post.at - sent.answeredAt).toBeLessThan(5_000);
  });

  it('never writes the bot token or signing secret to its logs', () => {
    const logged = JSON.stringify(harness.logs);
    expect(logged).not.toContain(harness.secrets.botToken);
    expect(logged).not.toContain(harness.secrets.signingSecret);
  });
});

describe('the 3-second ack budget with a slow tracking API', () => {
  let harness: BotHarness;
  beforeAll(async () => {
    harness = await startBotHarness({ simulator: { latencyMs: 1_500 } });
  });
  afterAll(async () => {
    await harness?.stop();
  });

  it('acknowledges the command before the API has answered, and posts the card afterwards', async () => {
    const sent = await harness.command('/shipment', DEMO.shipments.slippedEta.bl);
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeLessThan(1_000);
    const reply = await harness.waitForReply(sent, 10_000);
    expect(reply.via).toBe('message');
    if (reply.via === 'message') expect(reply.call.at).toBeGreaterThan(sent.answeredAt + 1_000);
  });

  it('opens the track-edit modal within the trigger_id lifetime, before the slow API answers', async () => {
    const sent = await harness.command('/track-edit', DEMO.trackingRequests.created);
    const opened = await harness.waitForCall('views.open', { trigger_id: sent.triggerId });
    expect(opened.at - sent.answeredAt).toBeLessThan(1_000);
    const updated = await harness.waitForCall('views.update', undefined, 10_000);
    expect(updated.at).toBeGreaterThan(opened.at + 1_000);
  });
});
