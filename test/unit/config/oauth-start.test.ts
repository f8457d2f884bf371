/**
 * `shipwatch start` in OAuth mode: it starts without a bot token, serves "Add to Slack" and `/healthz` on its one
 * port, warns once that TRACKING_API_KEY is ignored, and never starts the embedded simulator (which must never
 * answer a real workspace).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../src/main.js';

describe('starting in OAuth mode', () => {
  let running: RunningShipwatch | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-oauth-start-'));
  afterEach(async () => {
    await running?.stop();
    running = null;
  });

  it('serves the install page and /healthz, having warned once that TRACKING_API_KEY is ignored, with no simulator', async () => {
    const out: string[] = [];
    const logLines: string[] = [];
    running = await startShipwatch({
      env: {
        SLACK_CLIENT_ID: '1.2',
        SLACK_CLIENT_SECRET: 'client-secret',
        SLACK_STATE_SECRET: 'state-secret-long-enough',
        SLACK_SIGNING_SECRET: 'signing',
        SHIPWATCH_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        SHIPWATCH_PUBLIC_URL: 'https://sw.example.com',
        TRACKING_API_KEY: 'env-key',
        SHIPWATCH_DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      out: (text) => out.push(text),
      logger: createLogger({ write: (line) => logLines.push(line) }),
    });
    const url = running.url ?? '';
    expect(out.join('')).toContain(
      'OAuth mode: workspaces install Shipwatch at https://sw.example.com/slack/install',
    );
    expect(out.join('')).not.toMatch(/simulator/i);
    expect(logLines.filter((line) => line.includes('TRACKING_API_KEY is ignored'))).toHaveLength(1);
    const install = await fetch(`${url}/slack/install`, { redirect: 'manual' });
    expect(install.status).toBe(302);
    expect(install.headers.get('location')).toContain('slack.com/oauth/v2/authorize');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
