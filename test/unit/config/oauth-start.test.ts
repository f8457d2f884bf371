/**
 * `shipwatch start` in OAuth mode, until the bot's handlers read each request's tenant: it stops with one line naming
 * SLACK_CLIENT_ID, after warning once that TRACKING_API_KEY is ignored, and starts nothing — no store, no simulator
 * to answer a real workspace.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/env.js';
import { createLogger } from '../../../src/logger.js';
import { startShipwatch } from '../../../src/main.js';

describe('starting in OAuth mode', () => {
  it('stops before anything starts, naming SLACK_CLIENT_ID, having warned that TRACKING_API_KEY is ignored', async () => {
    const out: string[] = [];
    const logLines: string[] = [];
    const failure = await startShipwatch({
      env: {
        SLACK_CLIENT_ID: '1.2',
        SLACK_CLIENT_SECRET: 'client-secret',
        SLACK_STATE_SECRET: 'state-secret-long-enough',
        SLACK_SIGNING_SECRET: 'signing',
        SHIPWATCH_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        SHIPWATCH_PUBLIC_URL: 'https://sw.example.com',
        TRACKING_API_KEY: 'env-key',
        SHIPWATCH_DATA_DIR: '/nonexistent/never-created',
      },
      out: (text) => out.push(text),
      logger: createLogger({ write: (line) => logLines.push(line) }),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as ConfigError).variable).toBe('SLACK_CLIENT_ID');
    expect(out.join('')).not.toMatch(/simulator/i);
    expect(logLines.filter((line) => line.includes('TRACKING_API_KEY is ignored'))).toHaveLength(1);
  });
});
