/** OAuth mode's configuration (docs/oauth.md): what selects it, what it requires, and what it says it ignores. */
import { describe, expect, it } from 'vitest';
import { decodeEncryptionKey, generateEncryptionKey } from '../../../src/config/encryption-key.js';
import { ConfigError, loadConfig } from '../../../src/config/env.js';
import { configWarnings } from '../../../src/config/warnings.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const OLD_KEY = Buffer.alloc(32, 9).toString('base64url');

const OAUTH = {
  SLACK_CLIENT_ID: '1234.5678',
  SLACK_CLIENT_SECRET: 'client-secret-value',
  SLACK_STATE_SECRET: 'state-secret-of-enough-length',
  SLACK_SIGNING_SECRET: 'signing-secret',
  SHIPWATCH_ENCRYPTION_KEY: KEY,
  SHIPWATCH_PUBLIC_URL: 'https://shipwatch.example.com/',
};

function failure(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig in OAuth mode', () => {
  it('runs OAuth over HTTP when the client id, client secret and state secret are set', () => {
    const config = loadConfig(OAUTH);
    expect(config.slack.mode).toBe('http');
    expect(config.slack.oauth).toEqual({
      clientId: '1234.5678',
      clientSecret: 'client-secret-value',
      stateSecret: 'state-secret-of-enough-length',
    });
    expect(config.slack.botToken).toBeNull();
    expect(config.publicUrl).toBe('https://shipwatch.example.com');
    expect(config.encryption).toEqual({ key: KEY, previousKeys: [] });
  });

  it('runs OAuth over Socket Mode when SLACK_APP_TOKEN is set too, with no signing secret needed', () => {
    const { SLACK_SIGNING_SECRET: _unused, ...socket } = OAUTH;
    const config = loadConfig({ ...socket, SLACK_APP_TOKEN: 'xapp-1-fake' });
    expect(config.slack.mode).toBe('socket');
    expect(config.slack.oauth?.clientId).toBe('1234.5678');
  });

  it('stops start-up naming SLACK_BOT_TOKEN when a bot token is set together with a client id', () => {
    const error = failure({ ...OAUTH, SLACK_BOT_TOKEN: 'xoxb-1-secret-bot-token' });
    expect(error.variable).toBe('SLACK_BOT_TOKEN');
    expect(error.message).toMatch(/^SLACK_BOT_TOKEN must not be set in OAuth mode/);
    expect(error.message).not.toContain('secret-bot-token');
  });

  it('names whichever of the three OAuth variables is missing', () => {
    for (const name of ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const) {
      const { [name]: _missing, ...rest } = OAUTH;
      expect(failure(rest).variable).toBe(name);
    }
  });

  it('needs the signing secret over HTTP', () => {
    const { SLACK_SIGNING_SECRET: _unused, ...http } = OAUTH;
    expect(failure(http).message).toMatch(/^SLACK_SIGNING_SECRET is required in OAuth mode over HTTP/);
  });

  it('needs SHIPWATCH_ENCRYPTION_KEY, and says how to make one', () => {
    const { SHIPWATCH_ENCRYPTION_KEY: _unused, ...keyless } = OAUTH;
    expect(failure(keyless).message).toMatch(
      /^SHIPWATCH_ENCRYPTION_KEY is required in OAuth mode .*openssl rand -base64 32/,
    );
  });

  it('refuses an encryption key that is not 32 bytes in base64, without echoing it', () => {
    for (const bad of ['correct horse battery staple', Buffer.alloc(16, 1).toString('base64'), 'zz!']) {
      const error = failure({ ...OAUTH, SHIPWATCH_ENCRYPTION_KEY: bad });
      expect(error.variable).toBe('SHIPWATCH_ENCRYPTION_KEY');
      expect(error.message).not.toContain(bad);
    }
  });

  it('accepts earlier keys for reading in SHIPWATCH_ENCRYPTION_KEY_PREVIOUS, and refuses malformed ones', () => {
    const config = loadConfig({ ...OAUTH, SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: `${OLD_KEY}, ${KEY}` });
    expect(config.encryption.previousKeys).toEqual([OLD_KEY, KEY]);
    expect(failure({ ...OAUTH, SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: 'short' }).variable).toBe(
      'SHIPWATCH_ENCRYPTION_KEY_PREVIOUS',
    );
  });

  it('needs SHIPWATCH_PUBLIC_URL over https (plain http only to this machine), without a path', () => {
    const { SHIPWATCH_PUBLIC_URL: _unused, ...nowhere } = OAUTH;
    expect(failure(nowhere).variable).toBe('SHIPWATCH_PUBLIC_URL');
    expect(failure({ ...OAUTH, SHIPWATCH_PUBLIC_URL: 'http://shipwatch.example.com' }).variable).toBe(
      'SHIPWATCH_PUBLIC_URL',
    );
    expect(failure({ ...OAUTH, SHIPWATCH_PUBLIC_URL: 'https://example.com/slack' }).variable).toBe(
      'SHIPWATCH_PUBLIC_URL',
    );
    expect(loadConfig({ ...OAUTH, SHIPWATCH_PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('refuses a state secret too short to sign with', () => {
    expect(failure({ ...OAUTH, SLACK_STATE_SECRET: 'short' }).variable).toBe('SLACK_STATE_SECRET');
  });

  it('reads SHIPWATCH_DEFAULT_TEAM as a team or organisation id', () => {
    expect(loadConfig({ ...OAUTH, SHIPWATCH_DEFAULT_TEAM: 'T0OPS' }).defaultTeam).toBe('T0OPS');
    expect(loadConfig({ ...OAUTH, SHIPWATCH_DEFAULT_TEAM: 'E0GRID' }).defaultTeam).toBe('E0GRID');
    expect(failure({ ...OAUTH, SHIPWATCH_DEFAULT_TEAM: '#ops' }).variable).toBe('SHIPWATCH_DEFAULT_TEAM');
  });

  it('leaves the other modes as they were: no OAuth, no key needed', () => {
    const single = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(single.slack.oauth).toBeNull();
    expect(single.slack.mode).toBe('http');
    expect(loadConfig({}).slack).toMatchObject({ mode: 'local', oauth: null });
  });
});

describe('configWarnings', () => {
  it('says once that TRACKING_API_KEY is ignored in OAuth mode', () => {
    const warnings = configWarnings(loadConfig({ ...OAUTH, TRACKING_API_KEY: 'api-key-1' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^TRACKING_API_KEY is ignored in OAuth mode/);
    expect(warnings[0]).not.toContain('api-key-1');
  });

  it('says nothing about TRACKING_API_KEY when SHIPWATCH_DEFAULT_TEAM names the team that may use it', () => {
    const config = loadConfig({ ...OAUTH, TRACKING_API_KEY: 'api-key-1', SHIPWATCH_DEFAULT_TEAM: 'T0OPS' });
    expect(configWarnings(config)).toEqual([]);
  });

  it('says the environment policy settings are per workspace in OAuth mode', () => {
    const config = loadConfig({ ...OAUTH, SHIPWATCH_EDITORS: 'U1', SHIPWATCH_CHANNELS: 'C1' });
    expect(configWarnings(config)).toEqual([
      "SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS are ignored in OAuth mode: each workspace's admins edit its own settings",
    ]);
  });

  it('says SHIPWATCH_DEFAULT_TEAM is ignored outside OAuth mode, and nothing for a plain configuration', () => {
    expect(configWarnings(loadConfig({ SHIPWATCH_DEFAULT_TEAM: 'T0OPS' }))).toHaveLength(1);
    expect(configWarnings(loadConfig({ TRACKING_API_KEY: 'k', SHIPWATCH_EDITORS: 'U1' }))).toEqual([]);
  });
});

describe('the encryption key format', () => {
  it('reads 32 bytes of base64 or base64url, and makes keys it reads', () => {
    expect(decodeEncryptionKey(KEY)?.length).toBe(32);
    expect(decodeEncryptionKey(OLD_KEY)?.length).toBe(32);
    expect(decodeEncryptionKey(generateEncryptionKey())?.length).toBe(32);
    expect(decodeEncryptionKey('')).toBeNull();
  });
});
