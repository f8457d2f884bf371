/**
 * `shipwatch start` as an orchestrator stops it: a real process, SIGTERM, while acknowledged lookups still wait on a
 * slow tracking API. Each person is told Shipwatch restarted (through their response_url, privately), the process
 * says it stopped and exits by itself well within its 15 s backstop, and the "Looking up …" placeholders left in the
 * channels say that no answer is coming.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';
import { killEveryProcess, startShipwatchProcess } from '../../helpers/replicas/shipwatch-process.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { nextId, slashCommandBody } from '../../helpers/slack/payloads.js';
import { postSignedToEvents } from '../../helpers/slack/post-signed.js';

describe('shipwatch start receiving SIGTERM', () => {
  const signingSecret = `sigterm-secret-${nextId('')}`;
  const botToken = `xoxb-sigterm-${nextId('')}`;
  let slack: FakeSlackApi;
  let sim: RunningSimulator;
  let dataDir: string;

  beforeAll(async () => {
    slack = await startFakeSlackApi({ botToken });
    // The API hangs far longer than the stop may take.
    sim = await createSimulator({ latencyMs: 60_000 }).listen({ port: 0 });
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-sigterm-'));
  });

  afterAll(async () => {
    await killEveryProcess();
    await sim?.close();
    await slack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('tells each person whose lookup was cut short, and exits by itself within the bound', async () => {
    const shipwatch = await startShipwatchProcess({
      name: 'sigterm',
      env: {
        SLACK_BOT_TOKEN: botToken,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.url,
        TRACKING_API_URL: sim.url,
        TRACKING_API_KEY: DEMO.apiKeys.full,
        SHIPWATCH_DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
    });
    const responseUrls = [slack.responseUrls.newUrl(), slack.responseUrls.newUrl()];
    for (const [index, responseUrl] of responseUrls.entries()) {
      const body = slashCommandBody({
        command: '/shipment',
        text: index === 0 ? DEMO.shipments.slippedEta.bl : DEMO.shipments.arrived.bl,
        channelId: nextId('C'),
        responseUrl,
      });
      const answer = await postSignedToEvents(shipwatch.url, signingSecret, body, { timeoutMs: 5_000 });
      expect(answer.status).toBe(200);
    }

    const told = Promise.all(
      responseUrls.map((url) =>
        slack.responseUrls.waitForPost(url, (post) => /restarted/.test(JSON.stringify(post.body)), 14_000),
      ),
    );
    const started = performance.now();
    await shipwatch.kill('SIGTERM');
    const stoppedInMs = performance.now() - started;

    expect(stoppedInMs).toBeLessThan(12_000);
    expect(shipwatch.alive()).toBe(false);
    expect(shipwatch.tail()).toContain('SIGTERM: stopping');
    expect(shipwatch.tail()).toContain('Stopped.');
    for (const post of await told) expect(post.body).toMatchObject({ response_type: 'ephemeral' });
    // The channel's "Looking up …" placeholders (the API was slow) say no answer is coming, not that one was given.
    const placeholders = slack.callsTo('chat.postMessage');
    expect(placeholders.map((call) => call.args.text)).toEqual([
      expect.stringContaining('Looking up'),
      expect.stringContaining('Looking up'),
    ]);
    const closed = slack.callsTo('chat.update').map((call) => String(call.args.text));
    expect(closed).toHaveLength(2);
    for (const text of closed) {
      expect(text).toContain('Shipwatch restarted before this answer was ready');
      expect(text).not.toContain('got the answer');
    }
  }, 45_000);
});
