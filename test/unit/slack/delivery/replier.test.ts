import { describe, expect, it } from 'vitest';
import { INVITE_HINT } from '../../../../src/cards/invite-hint.js';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { createLogger } from '../../../../src/logger.js';
import { createReplier } from '../../../../src/slack/delivery/index.js';
import { createFakeMessagingClient } from '../../../helpers/slack/fake-messaging-client.js';

const card: SlackMessage = {
  text: 'Shipment MAEU240817361',
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Shipment *MAEU240817361*' } }],
};

function setup() {
  const fake = createFakeMessagingClient();
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) });
  const target = createReplier(
    { client: fake.client, respond: fake.respond, logger },
    { channelId: 'C0OPS', userId: 'U0ALICE', card: null },
  );
  return { fake, lines, target };
}

describe('a new card from a command', () => {
  it('posts a public card with chat.postMessage so it has a ts for threads and refreshes', async () => {
    const { fake, target } = setup();
    const delivery = await target.card(card, 'channel');
    expect(delivery).toEqual({ via: 'message', posted: { channel: 'C0OPS', ts: expect.any(String) } });
    expect(fake.callsTo('chat.postMessage')[0]?.args).toMatchObject({
      channel: 'C0OPS',
      text: card.text,
      blocks: card.blocks,
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(fake.responses).toHaveLength(0);
  });

  it('answers in the channel through the response_url with an invite hint when the bot is not a member', async () => {
    const { fake, target } = setup();
    fake.failNext('chat.postMessage', { kind: 'platform', error: 'not_in_channel' });
    const delivery = await target.card(card, 'channel');
    expect(delivery).toEqual({ via: 'response_url', responseType: 'in_channel' });
    const [response] = fake.responses;
    expect(response?.response_type).toBe('in_channel');
    expect(response?.blocks?.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: INVITE_HINT }],
    });
  });

  it('treats an unknown (private) channel like a missing membership', async () => {
    const { fake, target } = setup();
    fake.failNext('chat.postMessage', { kind: 'platform', error: 'channel_not_found' });
    await target.card(card, 'channel');
    expect(fake.responses[0]?.blocks?.at(-1)).toMatchObject({ type: 'context' });
  });

  it('still answers through the response_url, without the hint, when Slack times out', async () => {
    const { fake, target, lines } = setup();
    fake.failNext('chat.postMessage', { kind: 'timeout' });
    const delivery = await target.card(card, 'channel');
    expect(delivery).toEqual({ via: 'response_url', responseType: 'in_channel' });
    expect(fake.responses[0]?.blocks).toEqual(card.blocks);
    expect(lines.some((line) => line.slackFailure === 'timeout')).toBe(true);
  });

  it('falls back to an ephemeral message when the response_url has expired too', async () => {
    const { fake, target } = setup();
    fake.failNext('chat.postMessage', { kind: 'rate_limited', retryAfter: 30 });
    fake.failNext('respond', { kind: 'respond_status', status: 404 }, 2);
    const delivery = await target.card(card, 'channel');
    expect(delivery).toEqual({ via: 'ephemeral_message' });
    expect(fake.callsTo('chat.postEphemeral')[0]?.args).toMatchObject({ channel: 'C0OPS', user: 'U0ALICE' });
  });

  it('reports failure, logged and without throwing, when every route is closed', async () => {
    const { fake, target, lines } = setup();
    fake.failNext('chat.postMessage', { kind: 'platform', error: 'not_in_channel' });
    fake.failNext('respond', { kind: 'respond_status', status: 404 }, 2);
    fake.failNext('chat.postEphemeral', { kind: 'platform', error: 'not_in_channel' });
    fake.failNext('chat.postMessage', { kind: 'platform', error: 'cannot_dm_bot' });
    await expect(target.card(card, 'channel')).resolves.toEqual({ via: 'failed' });
    expect(lines.some((line) => line.level === 'error')).toBe(true);
  });

  it('answers only the caller, through the response_url, when the command says private', async () => {
    const { fake, target } = setup();
    const delivery = await target.card(card, 'private');
    expect(delivery).toEqual({ via: 'response_url', responseType: 'ephemeral' });
    expect(fake.responses[0]).toMatchObject({ response_type: 'ephemeral', text: card.text });
    expect(fake.callsTo('chat.postMessage')).toHaveLength(0);
  });

  it("posts the audit line in the card's thread", async () => {
    const { fake, target } = setup();
    const audit: SlackMessage = { text: 'audit: ref changed', blocks: [] };
    const delivery = await target.card(card, 'channel', { auditLine: audit });
    const posted = delivery.via === 'message' ? delivery.posted : null;
    const [, reply] = fake.callsTo('chat.postMessage');
    expect(reply?.args).toMatchObject({
      channel: 'C0OPS',
      thread_ts: posted?.ts,
      text: 'audit: ref changed',
    });
  });

  it('puts the audit line on the card itself when the card cannot have a thread', async () => {
    const { fake, target } = setup();
    fake.failNext('chat.postMessage', { kind: 'platform', error: 'not_in_channel' });
    await target.card(card, 'channel', { auditLine: { text: 'audit: ref changed', blocks: [] } });
    expect(JSON.stringify(fake.responses[0]?.blocks)).toContain('audit: ref changed');
    expect(fake.callsTo('chat.postMessage')).toHaveLength(1);
  });
});

describe('telling the person alone', () => {
  it('uses chat.postEphemeral when the response_url cannot be used', async () => {
    const { fake, target } = setup();
    fake.failNext('respond', { kind: 'respond_status', status: 500 });
    await expect(target.tell(card)).resolves.toEqual({ via: 'ephemeral_message' });
  });
});
