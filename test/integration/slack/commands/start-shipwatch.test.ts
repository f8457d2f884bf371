import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../src/config/env.js';
import { silentLogger } from '../../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../../src/main.js';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../../../src/workspace/bot-link/sign.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../../helpers/slack/fake-slack-api.js';
import { slashCommandBody } from '../../../helpers/slack/payloads.js';

const BOT_TOKEN = 'xoxb-start-test-1';
/** The embedded store's folder: a fresh one per run, never the repository's ./.shipwatch. */
const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-start-'));
const SIGNING_SECRET = 'start-test-signing-secret';

/** What an operator sets for HTTP mode against this Slack; nothing else (no API key: the simulator). */
const httpEnv = (slack: FakeSlackApi) => ({
  SLACK_BOT_TOKEN: BOT_TOKEN,
  SLACK_SIGNING_SECRET: SIGNING_SECRET,
  SLACK_API_URL: slack.url,
  PORT: '0',
  HOST: '127.0.0.1',
  SHIPWATCH_DATA_DIR: dataDir,
});

describe('startShipwatch in HTTP mode (what `shipwatch start` runs)', () => {
  let slack: FakeSlackApi | null = null;
  let running: RunningShipwatch | null = null;
  afterEach(async () => {
    await running?.stop();
    await slack?.close();
    running = null;
    slack = null;
  });

  it('starts the simulator without an API key, says so, and serves signed slash commands', async () => {
    slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
    const printed: string[] = [];
    running = await startShipwatch({
      env: httpEnv(slack),
      out: (text) => printed.push(text),
      logger: silentLogger,
    });
    expect(running.mode).toBe('http');
    expect(printed.join('')).toMatch(
      /No TRACKING_API_KEY: using the embedded simulator with demo data at http:\/\/127\.0\.0\.1:\d+\/v2/,
    );
    expect(printed.join('')).toContain('HTTP mode');
    // Which store it uses, and where: an operator sees two processes on two different stores at once.
    expect(printed.join('')).toContain(`Store: embedded (SQLite) at ${join(dataDir, 'shipwatch.db')}\n`);

    const health = await fetch(`${running.url}/healthz`);
    expect(await health.json()).toMatchObject({ ok: true, watch: { watched: { active: 0 } } });

    const body = slashCommandBody({
      command: '/shipment',
      text: DEMO.shipments.slippedEta.bl,
      channelId: 'C0START',
      responseUrl: slack.responseUrls.newUrl(),
    });
    const answer = await fetch(`${running.url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(SIGNING_SECRET, body),
      },
      body,
    });
    expect(answer.status).toBe(200);
    const posted = await slack.waitForCall('chat.postMessage', { channel: 'C0START' }, 8_000);
    expect(String(posted.args.text)).toContain(DEMO.shipments.slippedEta.bl);
  });

  it('stamps a demo card’s "Updated … ago" with demo time, the clock its other phrases and the page read', async () => {
    slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
    const demoStart = new Date('2026-03-10T15:00:00Z');
    running = await startShipwatch({
      env: httpEnv(slack),
      out: () => {},
      logger: silentLogger,
      demoStartsAt: demoStart,
    });
    const body = slashCommandBody({
      command: '/shipment',
      text: DEMO.shipments.slippedEta.bl,
      channelId: 'C0DEMOTIME',
      responseUrl: slack.responseUrls.newUrl(),
    });
    await fetch(`${running.url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(SIGNING_SECRET, body),
      },
      body,
    });
    const posted = await slack.waitForCall('chat.postMessage', { channel: 'C0DEMOTIME' }, 8_000);
    const stamp = /<!date\^(\d+)\^Updated \{ago\}/.exec(JSON.stringify(posted.args.blocks))?.[1];
    expect(stamp).toBeDefined();
    // Demo time started minutes ago; the real clock is wherever this test runs, far from 10 March 2026.
    expect(Math.abs(Number(stamp) * 1000 - demoStart.getTime())).toBeLessThan(10 * 60_000);
  });

  it('stops with one line naming SLACK_BOT_TOKEN when Slack rejects the token', async () => {
    slack = await startFakeSlackApi({ botToken: 'xoxb-the-real-one' });
    const attempt = startShipwatch({
      env: httpEnv(slack),
      out: () => {},
      logger: silentLogger,
    });
    await expect(attempt).rejects.toThrowError(ConfigError);
    await expect(attempt).rejects.toThrowError(/^SLACK_BOT_TOKEN was rejected by Slack \(invalid_auth\)$/);
  });

  it('starts while Slack is unreachable, answers /healthz 503 with the reason until Slack answers, then 200 by itself', async () => {
    slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
    slack.failNext('auth.test', { kind: 'http', status: 503 }, 1_000);
    running = await startShipwatch({
      env: httpEnv(slack),
      out: () => {},
      logger: silentLogger,
    });
    const url = running.url;
    const health = async () => {
      const response = await fetch(`${url}/healthz`);
      return { status: response.status, body: await response.text() };
    };
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toContain('Slack authentication has not succeeded yet');
    expect(down.body).not.toContain(BOT_TOKEN);

    slack.reset(); // Slack is back
    await expect.poll(async () => (await health()).status, { timeout: 8_000, interval: 250 }).toBe(200);
  }, 15_000);
});
