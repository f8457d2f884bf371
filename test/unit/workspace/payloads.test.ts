import { isValidSlackRequest } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import {
  formBody,
  interactionFields,
  type PayloadSource,
  slashCommandFields,
} from '../../../src/workspace/bot-link/payloads.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';

const SECRET = 'bench-test-secret';
const SOURCE: PayloadSource = {
  team: { id: 'TBENCH', domain: 'bench' },
  bot: { appId: 'ABENCH', botId: 'BBOT' },
  channel: { id: 'CBENCH', name: 'bench' },
  verificationToken: 'bench-verification-token',
};

const slashCommandBody = (input: {
  text: string;
  channelId: string;
  responseUrl: string;
  triggerId: string;
}) =>
  formBody(
    slashCommandFields(SOURCE, {
      user: { id: 'UBENCH', name: 'bench' },
      channel: { id: input.channelId, name: 'bench' },
      command: '/shipment',
      text: input.text,
      responseUrl: input.responseUrl,
      triggerId: input.triggerId,
    }),
  );

describe('signSlackRequest', () => {
  it('produces a v0 signature that Bolt accepts for the exact body', () => {
    const body = slashCommandBody({
      text: 'MAEU240817361',
      channelId: 'CBENCH1',
      responseUrl: 'http://127.0.0.1:1/respond/CBENCH1',
      triggerId: 'CBENCH1.trigger0',
    });
    const now = Math.floor(Date.now() / 1000);
    const headers = signSlackRequest(SECRET, body, now * 1000);
    expect(
      isValidSlackRequest({
        signingSecret: SECRET,
        body,
        headers: {
          'x-slack-signature': headers['x-slack-signature'],
          'x-slack-request-timestamp': now,
        },
      }),
    ).toBe(true);
  });

  it('is rejected by Bolt when the body changes after signing', () => {
    const body = formBody(interactionFields({ type: 'block_actions' }));
    const now = Math.floor(Date.now() / 1000);
    const headers = signSlackRequest(SECRET, body, now * 1000);
    expect(
      isValidSlackRequest({
        signingSecret: SECRET,
        body: `${body}x`,
        headers: { 'x-slack-signature': headers['x-slack-signature'], 'x-slack-request-timestamp': now },
      }),
    ).toBe(false);
  });
});

describe('a slash command body', () => {
  it('carries the command, text and the routing fields Bolt reads', () => {
    const fields = new URLSearchParams(
      slashCommandBody({
        text: 'TCLU 1234568',
        channelId: 'C1',
        responseUrl: 'http://127.0.0.1:1/respond/C1',
        triggerId: 't',
      }),
    );
    expect(fields.get('command')).toBe('/shipment');
    expect(fields.get('text')).toBe('TCLU 1234568');
    expect(fields.get('channel_id')).toBe('C1');
    expect(fields.get('response_url')).toBe('http://127.0.0.1:1/respond/C1');
  });
});

describe('an interaction body', () => {
  it('wraps the payload as the single form field Slack uses', () => {
    const fields = new URLSearchParams(
      formBody(interactionFields({ type: 'view_submission', view: { id: 'V1' } })),
    );
    expect(JSON.parse(fields.get('payload') ?? 'null')).toEqual({
      type: 'view_submission',
      view: { id: 'V1' },
    });
  });
});
