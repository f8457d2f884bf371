import { isValidSlackRequest } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { interactionBody, signedHeaders, slashCommandBody } from '../../../bench/lib/slack-signing.js';

const SECRET = 'bench-test-secret';

describe('signedHeaders', () => {
  it('produces a v0 signature that Bolt accepts for the exact body', () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: 'MAEU240817361',
      channelId: 'CBENCH1',
      userId: 'UBENCH',
      responseUrl: 'http://127.0.0.1:1/respond/CBENCH1',
      triggerId: 'CBENCH1.trigger0',
    });
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(SECRET, body, now);
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
    const body = interactionBody({ type: 'block_actions' });
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(SECRET, body, now);
    expect(
      isValidSlackRequest({
        signingSecret: SECRET,
        body: `${body}x`,
        headers: { 'x-slack-signature': headers['x-slack-signature'], 'x-slack-request-timestamp': now },
      }),
    ).toBe(false);
  });
});

describe('slashCommandBody', () => {
  it('carries the command, text and the routing fields Bolt reads', () => {
    const fields = new URLSearchParams(
      slashCommandBody({
        command: '/shipment',
        text: 'TCLU 1234568',
        channelId: 'C1',
        userId: 'U1',
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

describe('interactionBody', () => {
  it('wraps the payload as the single form field Slack uses', () => {
    const fields = new URLSearchParams(interactionBody({ type: 'view_submission', view: { id: 'V1' } }));
    expect(JSON.parse(fields.get('payload') ?? 'null')).toEqual({
      type: 'view_submission',
      view: { id: 'V1' },
    });
  });
});
