import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env.js';

describe('loadConfig', () => {
  it('starts in local mode with the simulator when nothing is set', () => {
    const config = loadConfig({});
    expect(config.slack.mode).toBe('local');
    expect(config.tracking.apiKey).toBeNull();
    expect(config.tracking.apiUrl).toBe('https://api.terminal49.com/v2');
    expect(config.port).toBe(3000);
  });

  it('chooses HTTP mode when the bot token and signing secret are set', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-fake-1', SLACK_SIGNING_SECRET: 'fake-secret' });
    expect(config.slack.mode).toBe('http');
  });

  it('chooses Socket Mode when an app token is set', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-fake-1', SLACK_APP_TOKEN: 'xapp-1-fake' });
    expect(config.slack.mode).toBe('socket');
  });

  it('names the variable and hides the value when a port is malformed', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrowError(/^PORT must be a port number/);
  });

  it('rejects half an HTTP-mode configuration with the missing variable named', () => {
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-fake-1' })).toThrowError(
      /^SLACK_SIGNING_SECRET is required/,
    );
  });

  it('never echoes a bad secret back', () => {
    try {
      loadConfig({ SLACK_APP_TOKEN: 'not-an-app-token-s3cr3t' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('s3cr3t');
    }
  });

  it('splits editor and channel lists on commas and spaces', () => {
    const config = loadConfig({ SHIPWATCH_EDITORS: 'U1, U2 S3', SHIPWATCH_CHANNELS: 'C1' });
    expect(config.policy.editors).toEqual(['U1', 'U2', 'S3']);
    expect(config.policy.channels).toEqual(['C1']);
  });
});
