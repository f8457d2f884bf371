import { describe, expect, it } from 'vitest';
import { classifySlackError, slackFailureFields } from '../../../../src/slack/delivery/index.js';
import { slackError } from '../../../helpers/slack/fake-messaging-client.js';

describe('classifySlackError', () => {
  it.each([
    ['not_in_channel', 'channel_unavailable'],
    ['channel_not_found', 'channel_unavailable'],
    ['is_archived', 'channel_unavailable'],
    ['expired_trigger_id', 'trigger_expired'],
    ['exchanged_trigger_id', 'trigger_expired'],
    ['msg_too_long', 'slack_error'],
  ])('classifies the Web API error %s as %s', (error, kind) => {
    expect(classifySlackError(slackError({ kind: 'platform', error }))).toMatchObject({
      kind,
      slackError: error,
    });
  });

  it('keeps the Retry-After of a rate-limited call', () => {
    expect(classifySlackError(slackError({ kind: 'rate_limited', retryAfter: 12 }))).toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 12,
    });
  });

  it('tells a timeout from other request errors', () => {
    expect(classifySlackError(slackError({ kind: 'timeout' })).kind).toBe('timeout');
    const refused = Object.assign(new Error('x'), {
      code: 'slack_webapi_request_error',
      original: new Error('ECONNREFUSED'),
    });
    expect(classifySlackError(refused).kind).toBe('network');
  });

  it('recognises an expired response_url by its 404', () => {
    expect(classifySlackError(slackError({ kind: 'respond_status', status: 404 })).kind).toBe(
      'response_url_expired',
    );
    expect(classifySlackError(slackError({ kind: 'respond_status', status: 500 })).kind).toBe('http');
  });

  it('classifies anything else as unknown rather than throwing', () => {
    expect(classifySlackError('boom').kind).toBe('unknown');
    expect(classifySlackError(null).kind).toBe('unknown');
  });
});

describe('slackFailureFields', () => {
  it('describes a failure for the log without the error message or payload', () => {
    const error = slackError({ kind: 'platform', error: 'not_in_channel' });
    expect(slackFailureFields(error)).toEqual({
      slackFailure: 'channel_unavailable',
      slackError: 'not_in_channel',
    });
  });
});
