/**
 * The embedded store is for one process (docs/operations.md), but nothing stops an operator from starting a second
 * `shipwatch start` on the same data folder by mistake. What happens today: SQLite's own file locking lets both open
 * it (WAL, a busy timeout of 5 s for the single write lock), so the second works, both share the same claims and
 * intents, and the file stays intact. These tests hold the store to that: neither process hangs or fails, both
 * answer, a request replayed from one to the other is refused, and the file passes SQLite's integrity check after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';
import { openStore } from '../../../src/store/index.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../helpers/replicas/shipwatch-process.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { waitUntil } from '../../helpers/slack/loopback-server.js';
import { nextId, slashCommandBody } from '../../helpers/slack/payloads.js';

describe('two shipwatch processes on one embedded data folder', () => {
  const signingSecret = `two-processes-secret-${nextId('')}`;
  const botToken = `xoxb-two-processes-${nextId('')}`;
  const folders: string[] = [];
  let slack: FakeSlackApi;
  let sim: RunningSimulator;

  beforeAll(async () => {
    slack = await startFakeSlackApi({ botToken });
    sim = await createSimulator().listen({ port: 0 });
  });

  afterAll(async () => {
    await killEveryProcess();
    await sim?.close();
    await slack?.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  const newFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'shipwatch-two-processes-'));
    folders.push(folder);
    return folder;
  };

  const start = (name: string, dataDir: string) =>
    startShipwatchProcess({
      name,
      readyTimeoutMs: 15_000,
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

  /** A signed `/shipment` POSTed straight to one process; resolves with its status and how long it took. */
  async function lookUp(
    process: ShipwatchProcess,
    body: string,
    headers = signSlackRequest(signingSecret, body),
  ) {
    const started = performance.now();
    const response = await fetch(`${process.url}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, body: await response.text(), ms: performance.now() - started };
  }

  function commandBody() {
    const channelId = nextId('C');
    return {
      channelId,
      body: slashCommandBody({
        command: '/shipment',
        text: DEMO.shipments.slippedEta.bl,
        channelId,
        responseUrl: slack.responseUrls.newUrl(),
      }),
    };
  }

  /** Waits for the card in `channelId`. */
  const card = (channelId: string) =>
    waitUntil(
      () => slack.calls.find((call) => call.method === 'chat.postMessage' && call.args.channel === channelId),
      () => `the card in ${channelId}`,
      10_000,
    );

  /** SQLite's own check of the whole file, read with a connection of its own after both processes have stopped. */
  function integrity(dataDir: string): string {
    const db = new Database(join(dataDir, 'shipwatch.db'), { readonly: true });
    try {
      // SAFETY: PRAGMA integrity_check answers rows of one text column.
      const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      return rows.map((row) => row.integrity_check).join('; ');
    } finally {
      db.close();
    }
  }

  it('lets a second process started on a folder in use work beside the first: both answer, they share the replay guard, the file stays intact', async () => {
    const dataDir = newFolder();
    const first = await start('first', dataDir);
    const second = await start('second', dataDir);

    for (const process of [first, second]) {
      const { channelId, body } = commandBody();
      const answer = await lookUp(process, body);
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(3_000);
      await card(channelId);
    }
    // One file, one set of claims: a signed request the first saw is a replay to the second.
    const { channelId, body } = commandBody();
    const headers = signSlackRequest(signingSecret, body);
    expect((await lookUp(first, body, headers)).status).toBe(200);
    const replayed = await lookUp(second, body, headers);
    expect([replayed.status, replayed.body]).toEqual([200, '']);
    await card(channelId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(slack.callsTo('chat.postMessage', { channel: channelId })).toHaveLength(1);

    await Promise.all([first.kill('SIGTERM'), second.kill('SIGTERM')]);
    expect(integrity(dataDir)).toBe('ok');
    const store = await openStore({ dataDir, clock: systemClock, logger: silentLogger, migrate: false });
    try {
      const status = await store.status();
      expect(status).toMatchObject({ reachable: true });
      expect(status.schemaVersion).toBe(status.latestVersion);
    } finally {
      await store.close();
    }
  });

  it('starts two processes at the same moment on a new folder without a hang: both come up, the file intact', async () => {
    const dataDir = newFolder();
    const started = performance.now();
    const both = await Promise.all([start('left', dataDir), start('right', dataDir)]);
    expect(performance.now() - started).toBeLessThan(15_000);
    for (const process of both) {
      const { channelId, body } = commandBody();
      expect((await lookUp(process, body)).status).toBe(200);
      await card(channelId);
    }
    await Promise.all(both.map((process) => process.kill('SIGTERM')));
    expect(integrity(dataDir)).toBe('ok');
  });
});
