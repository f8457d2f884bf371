/** Every secret of a configuration is registered for scrubbing, and scrubbing leaves nothing of any of them. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.js';
import { redact, secretsOf } from '../../src/secrets.js';

describe('secretsOf', () => {
  it("lists Slack's tokens and signing secret, the API key, the webhook secret and the database password", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-secret-bot',
      SLACK_SIGNING_SECRET: 'signing-secret-1',
      TRACKING_API_KEY: 'api-key-2',
      TRACKING_WEBHOOK_SECRET: 'webhook-secret-3',
      DATABASE_URL: 'postgres://sw:db-password-4@db.internal/shipwatch',
    });
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining([
        'xoxb-secret-bot',
        'signing-secret-1',
        'api-key-2',
        'webhook-secret-3',
        'db-password-4',
      ]),
    );
  });
});

describe('secretsOf in OAuth mode', () => {
  it('lists the client secret, the state secret and every encryption key, current and previous', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    const previous = Buffer.alloc(32, 2).toString('base64');
    const config = loadConfig({
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 'client-secret-5',
      SLACK_STATE_SECRET: 'state-secret-6-long-enough',
      SLACK_SIGNING_SECRET: 'signing-secret-1',
      SHIPWATCH_ENCRYPTION_KEY: key,
      SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: previous,
      SHIPWATCH_PUBLIC_URL: 'https://sw.example.com',
    });
    expect(secretsOf(config)).toEqual(
      expect.arrayContaining([
        'client-secret-5',
        'state-secret-6-long-enough',
        key,
        previous,
        'signing-secret-1',
      ]),
    );
  });
});

describe('redact', () => {
  it("replaces token rotation's refresh tokens and rotating access tokens by their shape", () => {
    expect(redact('r xoxe-1-My0xLTEyMw-abc a xoxe.xoxb-1-ABC-def', [])).toBe(
      'r [redacted] a xoxe.[redacted]',
    );
  });

  it('replaces every registered secret and anything shaped like a Slack token', () => {
    const text = redact('a api-key-2 b xoxp-9-9-9 c xapp-1-A1-2 d', ['api-key-2']);
    expect(text).toBe('a [redacted] b [redacted] c [redacted] d');
  });
});
