import { App } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { silentLogger } from '../../../src/logger.js';
import { createSlackApp, slackClientOptions } from '../../../src/slack/index.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';

const deps = (env: Record<string, string>) => ({
  config: loadConfig(env),
  tracking: createFakeTracking().client,
  logger: silentLogger,
  clock: fixedClock('2026-03-10T12:00:00Z'),
});

describe('createSlackApp', () => {
  it('builds an HTTP-mode app without touching the network', () => {
    const app = createSlackApp(deps({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'secret' }));
    expect(app).toBeInstanceOf(App);
  });

  it('builds a Socket Mode app from an app-level token', () => {
    const app = createSlackApp(deps({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1-abc' }));
    expect(app).toBeInstanceOf(App);
  });

  it('refuses to build without Slack credentials, naming what is missing', () => {
    expect(() => createSlackApp(deps({}))).toThrowError(/SLACK_BOT_TOKEN/);
  });
});

describe('slackClientOptions', () => {
  it('points the Web API client at SLACK_API_URL and keeps interactive calls short', () => {
    const options = slackClientOptions(
      loadConfig({
        SLACK_BOT_TOKEN: 'xoxb-1',
        SLACK_SIGNING_SECRET: 's',
        SLACK_API_URL: 'http://127.0.0.1:1/api/',
      }),
    );
    expect(options.slackApiUrl).toBe('http://127.0.0.1:1/api/');
    expect(options.timeout).toBeLessThanOrEqual(5_000);
    expect(options.retryConfig?.retries).toBeLessThanOrEqual(2);
    expect(options.rejectRateLimitedCalls).toBe(true);
  });

  it("leaves Slack's own API URL in place when none is configured", () => {
    const options = slackClientOptions(loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }));
    expect(options).not.toHaveProperty('slackApiUrl');
  });
});
