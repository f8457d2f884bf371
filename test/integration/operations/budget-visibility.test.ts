/**
 * What an operator sees of watching's budgets on a running `shipwatch start` (HTTP mode, the embedded simulator):
 * `/healthz` reports a `watch` section beside its checks and stays 200 through a shortfall; `GET /metrics` answers
 * only the bearer of SHIPWATCH_METRICS_TOKEN, 404 without it, and labels by account and workspace, never by shipment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../src/main.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { slashCommandBody, TEST_TEAM } from '../../helpers/slack/payloads.js';

const BOT_TOKEN = 'xoxb-budget-visibility';
const SIGNING_SECRET = 'budget-visibility-signing-secret';
const METRICS_TOKEN = 'metrics-token-for-prometheus-0123';

describe('watching’s budgets, as an operator sees them', () => {
  let slack: FakeSlackApi | null = null;
  let running: RunningShipwatch | null = null;
  let dataDir = '';
  afterEach(async () => {
    await running?.stop();
    await slack?.close();
    rmSync(dataDir, { recursive: true, force: true });
    running = null;
    slack = null;
  });

  const start = async (env: Record<string, string>) => {
    slack = await startFakeSlackApi({ botToken: BOT_TOKEN });
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-budgets-'));
    running = await startShipwatch({
      env: {
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.url,
        PORT: '0',
        HOST: '127.0.0.1',
        SHIPWATCH_DATA_DIR: dataDir,
        ...env,
      },
      out: () => {},
      logger: silentLogger,
    });
    return running;
  };
  const command = async (bot: RunningShipwatch, text: string, channelId: string) => {
    const body = slashCommandBody({
      command: '/shipwatch',
      text,
      channelId,
      responseUrl: slack?.responseUrls.newUrl() ?? '',
    });
    const answer = await fetch(`${bot.url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(SIGNING_SECRET, body),
      },
      body,
    });
    expect(answer.status).toBe(200);
  };

  it('reports the watch section on /healthz, and keeps it 200 while the polls need more than the budget', async () => {
    // A budget of 1 request a minute, polls every minute: one watched shipment needs more than polls may use.
    const bot = await start({
      SHIPWATCH_POLL_BUDGET: '1',
      SHIPWATCH_POLL_CADENCE: 'near=1m,far=1m,detention=1m',
    });
    const quiet = await (await fetch(`${bot.url}/healthz`)).json();
    expect(quiet).toMatchObject({ ok: true, watch: { watched: { active: 0 }, polls: { shortfall: false } } });

    await command(bot, `watch ${DEMO.shipments.arrived.bl}`, 'C0BUDGET');
    await expect
      .poll(async () => (await (await fetch(`${bot.url}/healthz`)).json()).watch?.watched?.active, {
        timeout: 8_000,
      })
      .toBe(1);
    const response = await fetch(`${bot.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      ok: true,
      watch: { polls: { shortfall: true, budgetPerMinute: 1 }, behind: { duePolls: 0 } },
    });
  });

  it('answers /metrics only with the bearer token, labelled by account and workspace, never naming a shipment', async () => {
    const bot = await start({ SHIPWATCH_METRICS_TOKEN: METRICS_TOKEN });
    const metrics = (authorization?: string) =>
      fetch(`${bot.url}/metrics`, authorization ? { headers: { authorization } } : {});
    expect((await metrics()).status).toBe(401);
    expect((await metrics('Bearer not-the-token')).status).toBe(401);

    const shipment = DEMO.shipments.arrived;
    await command(bot, `watch ${shipment.bl}`, 'C0METRICS');
    await slack?.waitForCall('chat.postMessage', { channel: 'C0METRICS' }, 8_000);
    let text = '';
    await expect
      .poll(
        async () => {
          const response = await metrics(`Bearer ${METRICS_TOKEN}`);
          text = await response.text();
          return response.status === 200 && text.includes('state="active"} 1');
        },
        { timeout: 8_000 },
      )
      .toBe(true);
    expect(text).toMatch(
      new RegExp(
        `shipwatch_watched_shipments\\{account="[0-9a-f]{24}",workspace="${TEST_TEAM.id}",state="active"\\} 1`,
      ),
    );
    expect(text).toMatch(/shipwatch_poll_budget_per_minute\{account="[0-9a-f]{24}"\} 50/);
    expect(text).toMatch(/shipwatch_api_requests_total\{account="[0-9a-f]{24}",status="200"\} \d+/);
    expect(text).toContain('shipwatch_job_queue_depth{kind="watch.poll"} 1');
    expect(text).toContain('# TYPE shipwatch_poll_lateness_seconds histogram');
    expect(text).not.toContain(shipment.id);
    expect(text).not.toContain(shipment.bl);
    expect(text).not.toContain(METRICS_TOKEN);
  });

  it('has no /metrics at all without SHIPWATCH_METRICS_TOKEN', async () => {
    const bot = await start({});
    expect((await fetch(`${bot.url}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${bot.url}/metrics`, { headers: { authorization: 'Bearer anything' } })).status,
    ).toBe(404);
  });
});
