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

describe('configuration for the people who run it', () => {
  it('binds HTTP mode to HOST, 0.0.0.0 when unset', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('refuses a HOST that is not an address or a host name', () => {
    expect(() => loadConfig({ HOST: 'http://example.com' })).toThrowError(/^HOST /);
  });

  it('refuses channel names in SHIPWATCH_CHANNELS with a line saying ids are needed', () => {
    expect(() => loadConfig({ SHIPWATCH_CHANNELS: '#ops, C0OPS' })).toThrowError(
      /^SHIPWATCH_CHANNELS must list channel ids/,
    );
    expect(() => loadConfig({ SHIPWATCH_CHANNELS: 'general' })).toThrowError(/^SHIPWATCH_CHANNELS /);
    expect(loadConfig({ SHIPWATCH_CHANNELS: 'C0OPS,G0PRIV' }).policy.channels).toEqual(['C0OPS', 'G0PRIV']);
  });

  it("sets the tracking account's quota from TRACKING_API_RATE_LIMIT, 100 a minute by default", () => {
    expect(loadConfig({}).tracking.rateLimitPerMinute).toBe(100);
    expect(loadConfig({ TRACKING_API_RATE_LIMIT: '600' }).tracking.rateLimitPerMinute).toBe(600);
    expect(() => loadConfig({ TRACKING_API_RATE_LIMIT: 'lots' })).toThrowError(/^TRACKING_API_RATE_LIMIT /);
    expect(() => loadConfig({ TRACKING_API_RATE_LIMIT: '0' })).toThrowError(/^TRACKING_API_RATE_LIMIT /);
  });
});

describe('loadConfig: the store', () => {
  it('uses the embedded store in ./.shipwatch when nothing is set', () => {
    expect(loadConfig({}).store).toEqual({ databaseUrl: null, dataDir: './.shipwatch', poolSize: 10 });
  });

  it('takes a PostgreSQL URL and a data folder', () => {
    const config = loadConfig({
      DATABASE_URL: ' postgresql://sw:pw@db.internal:5432/shipwatch ',
      SHIPWATCH_DATA_DIR: '/var/lib/shipwatch',
    });
    expect(config.store).toEqual({
      databaseUrl: 'postgresql://sw:pw@db.internal:5432/shipwatch',
      dataDir: '/var/lib/shipwatch',
      poolSize: 10,
    });
  });

  it('treats a blank DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }).store.databaseUrl).toBeNull();
  });

  it('rejects a DATABASE_URL that is not PostgreSQL, naming the variable and never echoing its password', () => {
    for (const value of ['mysql://root:hunter2pw@db/x', 'postgres://root:hunter2pw@[bad', 'hunter2pw']) {
      try {
        loadConfig({ DATABASE_URL: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect(String((error as Error).message)).toMatch(/^DATABASE_URL must be a PostgreSQL URL/);
        expect(String(error)).not.toContain('hunter2pw');
      }
    }
  });

  it('takes the PostgreSQL pool size, a whole number of connections', () => {
    expect(loadConfig({ SHIPWATCH_DATABASE_POOL_SIZE: '4' }).store.poolSize).toBe(4);
    for (const value of ['0', 'many', '2.5']) {
      expect(() => loadConfig({ SHIPWATCH_DATABASE_POOL_SIZE: value })).toThrowError(
        /^SHIPWATCH_DATABASE_POOL_SIZE must be a whole number of connections/,
      );
    }
  });

  it('rejects a data folder that cannot be a path, naming the variable', () => {
    expect(() => loadConfig({ SHIPWATCH_DATA_DIR: 'data\0dir' })).toThrowError(
      /^SHIPWATCH_DATA_DIR must be a folder path/,
    );
  });
});

describe('loadConfig: the write lease', () => {
  it("leaves the bot's default when SHIPWATCH_WRITE_LEASE_MS is unset or blank", () => {
    expect(loadConfig({}).writeLeaseMs).toBeNull();
    expect(loadConfig({ SHIPWATCH_WRITE_LEASE_MS: ' ' }).writeLeaseMs).toBeNull();
  });

  it('takes a whole number of milliseconds of at least one second', () => {
    expect(loadConfig({ SHIPWATCH_WRITE_LEASE_MS: '5000' }).writeLeaseMs).toBe(5_000);
    for (const value of ['999', '1500.5', 'soon', '-1']) {
      expect(() => loadConfig({ SHIPWATCH_WRITE_LEASE_MS: value })).toThrowError(
        /^SHIPWATCH_WRITE_LEASE_MS must be a whole number of milliseconds/,
      );
    }
  });
});
