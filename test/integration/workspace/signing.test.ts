import { isValidSlackRequest, verifySlackRequest } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { callWebApi } from '../../helpers/slack/call-web-api.js';
import { ADA, GUS, type Harness, startHarness } from './helpers/harness.js';

describe('signing requests to the bot', () => {
  it('produces a signature Bolt’s verifySlackRequest accepts', () => {
    const body = 'command=%2Fshipment&text=MAEU240817361';
    const now = Date.UTC(2026, 7, 20, 12, 0, 0);
    const headers = signSlackRequest('s3cret-signing', body, now);
    expect(() =>
      verifySlackRequest({
        signingSecret: 's3cret-signing',
        body,
        headers: {
          'x-slack-signature': headers['x-slack-signature'],
          'x-slack-request-timestamp': Number(headers['x-slack-request-timestamp']),
        },
        nowMilliseconds: now,
      }),
    ).not.toThrow();
  });

  it('produces a signature Bolt rejects once the body is altered', () => {
    const now = Date.UTC(2026, 7, 20, 12, 0, 0);
    const headers = signSlackRequest('s3cret-signing', 'text=MAEU240817361', now);
    expect(
      isValidSlackRequest({
        signingSecret: 's3cret-signing',
        body: 'text=MAEU000000000',
        headers: {
          'x-slack-signature': headers['x-slack-signature'],
          'x-slack-request-timestamp': Number(headers['x-slack-request-timestamp']),
        },
        nowMilliseconds: now,
      }),
    ).toBe(false);
  });
});

describe('what the bot receives', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('sends a slash command form-encoded and signed, with Slack’s fields', async () => {
    h.bot.handle(() => null);
    await h.ui('command', { userId: GUS, text: '/shipment  MAEU240817361 private' });
    const request = h.bot.received.at(-1);
    expect(request?.contentType).toBe('application/x-www-form-urlencoded');
    expect(request?.fields).toMatchObject({
      command: '/shipment',
      text: 'MAEU240817361 private',
      user_id: GUS,
      channel_id: 'C0SHIPOPS',
      team_id: 'T0LOCAL',
      response_url: expect.stringMatching(new RegExp(`^${h.url}/response/`)),
      trigger_id: expect.any(String),
    });
    expect(h.bot.rejected).toBe(0);
  });

  it('sends a button click as a block_actions payload with the message, container and response_url', async () => {
    const posted = await callWebApi(`${h.url}/api/`, h.token, 'chat.postMessage', {
      channel: 'C0SHIPOPS',
      text: 'card',
      blocks: [
        {
          type: 'actions',
          block_id: 'card_actions',
          elements: [
            {
              type: 'button',
              action_id: 'shipment_refresh',
              text: { type: 'plain_text', text: 'Refresh' },
              value: 'shipment-1',
            },
          ],
        },
      ],
    });
    const result = await h.ui('action', {
      userId: ADA,
      source: { kind: 'message', channelId: 'C0SHIPOPS', ts: posted.ts },
      blockId: 'card_actions',
      actionId: 'shipment_refresh',
    });
    expect(result.json).toEqual({ ok: true });
    expect(h.bot.received.at(-1)?.payload).toMatchObject({
      type: 'block_actions',
      user: { id: ADA },
      team: { id: 'T0LOCAL' },
      channel: { id: 'C0SHIPOPS' },
      container: { type: 'message', message_ts: posted.ts, channel_id: 'C0SHIPOPS', is_ephemeral: false },
      message: { ts: posted.ts, text: 'card' },
      actions: [
        { type: 'button', action_id: 'shipment_refresh', block_id: 'card_actions', value: 'shipment-1' },
      ],
      trigger_id: expect.any(String),
      response_url: expect.stringMatching(/\/response\//),
    });
  });

  it('sends an overflow choice with the full selected option', async () => {
    const posted = await callWebApi(`${h.url}/api/`, h.token, 'chat.postMessage', {
      channel: 'C0SHIPOPS',
      text: 'card',
      blocks: [
        {
          type: 'section',
          block_id: 'row',
          text: { type: 'mrkdwn', text: 'TCLU1234568' },
          accessory: {
            type: 'overflow',
            action_id: 'container_overflow',
            options: [{ text: { type: 'plain_text', text: 'Set custom field…' }, value: 'set_field:c1' }],
          },
        },
      ],
    });
    await h.ui('action', {
      userId: ADA,
      source: { kind: 'message', channelId: 'C0SHIPOPS', ts: posted.ts },
      blockId: 'row',
      actionId: 'container_overflow',
      selectedValue: 'set_field:c1',
    });
    expect(h.bot.received.at(-1)?.payload).toMatchObject({
      actions: [
        {
          type: 'overflow',
          selected_option: { text: { type: 'plain_text', text: 'Set custom field…' }, value: 'set_field:c1' },
        },
      ],
    });
  });

  it('refuses an action on an element the message does not have', async () => {
    const posted = await callWebApi(`${h.url}/api/`, h.token, 'chat.postMessage', {
      channel: 'C0SHIPOPS',
      text: 'plain',
    });
    const result = await h.ui('action', {
      userId: ADA,
      source: { kind: 'message', channelId: 'C0SHIPOPS', ts: posted.ts },
      blockId: 'nope',
      actionId: 'shipment_refresh',
    });
    expect(result.json).toEqual({ ok: false, error: 'element_not_found' });
  });
});
