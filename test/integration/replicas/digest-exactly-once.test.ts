/**
 * A channel's daily digest across real processes: two `shipwatch start` processes on one PostgreSQL schema behind the
 * round-robin proxy, each with its embedded simulator and demo time (no TRACKING_API_KEY), as the digest's job and
 * its claim would run in production. Demo time is moved on every process over its simulator's `/_demo/time`, across
 * the digest's time; one process is SIGKILLed and another started in its place (its demo time starts again at the
 * wall clock and is moved forward like the others'). The channel gets exactly one digest per local date: one for the
 * first day whichever process claims it, none again after the restart or a later jump on the same date, and one for
 * the next day. Bounded: every wait has a deadline, and every process is killed at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallTimeInZone } from '../../../src/domain/time/calendar.js';
import { DEMO, DEMO_TIME_PATH } from '../../../src/simulator/index.js';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../helpers/replicas/round-robin-proxy.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../helpers/replicas/shipwatch-process.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { nextId, slashCommandBody, TEST_USER } from '../../helpers/slack/payloads.js';
import { postSignedToEvents } from '../../helpers/slack/post-signed.js';
import { randomSchema, requirePostgres, TEST_DATABASE_URL } from '../../unit/store/helpers/stores.js';
import { withSearchPath } from './replica-world.js';

const HOUR = 3_600_000;
const ZONE = 'Europe/Amsterdam';
const SIMULATOR_URL = /embedded simulator with demo data at (http:\/\/[^\s]+)/;
/** The shipment watched: LFD today and overdue with demurrage, so every day's digest has something to say. */
const WATCHED = DEMO.shipments.arrived;
const FILE_TIMEOUT_MS = 150_000;

async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe('one digest per channel per local date across two real processes and a restart', () => {
  const botToken = `xoxb-digest-${nextId('')}`;
  const signingSecret = `digest-signing-secret-${nextId('')}`;
  const schema = randomSchema();
  const channelId = nextId('C');
  let db: pg.Client;
  let slack: FakeSlackApi;
  let proxy: RoundRobinProxy;
  const processes: ShipwatchProcess[] = [];

  const start = async (name: string) => {
    const started = await startShipwatchProcess({
      name,
      readyTimeoutMs: 30_000,
      env: {
        SLACK_BOT_TOKEN: botToken,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.url,
        DATABASE_URL: withSearchPath(TEST_DATABASE_URL, schema),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
    });
    processes.push(started);
    return started;
  };
  const live = () => processes.filter((process) => process.alive());

  /** Moves demo time forward by `ms` on a process, through its embedded simulator. */
  const advance = async (process: ShipwatchProcess, ms: number) => {
    const simulator = SIMULATOR_URL.exec(process.stdout())?.[1];
    if (!simulator) throw new Error(`${process.name} names no embedded simulator: ${process.tail()}`);
    // The simulator's URL is its API's (…/v2); demo time is served beside the API, at the root.
    const response = await fetch(new URL(DEMO_TIME_PATH, simulator), {
      method: 'POST',
      headers: { authorization: `Token ${DEMO.apiKeys.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: ms }),
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(200);
  };

  const command = async (text: string) => {
    const body = slashCommandBody({
      command: '/shipwatch',
      text,
      channelId,
      responseUrl: slack.responseUrls.newUrl(),
    });
    const response = await postSignedToEvents(proxy.origin, signingSecret, body);
    expect(response.status).toBe(200);
  };

  /** The digests posted in the channel, by the date in their title ("Shipwatch digest · Sat 28 Nov"). */
  const digests = () =>
    slack
      .callsTo('chat.postMessage', { channel: channelId })
      .filter((call) => call.ok && String(call.args.text ?? '').startsWith('Shipwatch digest'))
      .map((call) => String(call.args.text).split(':')[0] ?? '');
  const query = async (sql: string) => (await db.query(sql)).rows;

  beforeAll(async () => {
    await requirePostgres();
    db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.query(`SET search_path TO ${schema}`);
    slack = await startFakeSlackApi({ botToken });
    slack.setUser({ id: TEST_USER.id, tz: ZONE });
    const [first, second] = await Promise.all([start('replica-1'), start('replica-2')]);
    if (!first || !second) throw new Error('both replicas run');
    proxy = await startRoundRobinProxy([first, second].map(({ name, url }) => ({ name, url })));
  }, 60_000);

  afterAll(async () => {
    await killEveryProcess();
    await proxy?.close();
    await slack?.close();
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await db?.end();
  });

  it(
    'sends the day’s digest once when demo time passes its time, not again after a restart, and the next day’s once',
    async () => {
      await command(`watch ${WATCHED.bl}`);
      await until(
        async () => ((await query('SELECT 1 FROM watches')).length > 0 ? true : undefined),
        'the watch',
      );
      // Two hours from now in the setter's zone, to the minute: not due yet on any process.
      const now = Date.now();
      const local = wallTimeInZone(now + 2 * HOUR, ZONE);
      if (!local) throw new Error(`${ZONE} is a known zone`);
      const time = `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
      await command(`digest ${time}`);
      await until(
        async () =>
          (await query('SELECT settings FROM channel_settings')).some((row) =>
            JSON.stringify(row.settings).includes('digest'),
          )
            ? true
            : undefined,
        'the digest setting',
      );
      await sleep(1_000);
      expect(digests()).toEqual([]);

      // Both processes jump 3 hours: the digest's time is an hour behind them; one of them sends it.
      for (const process of live()) await advance(process, 3 * HOUR);
      await until(() => (digests().length > 0 ? true : undefined), 'the first digest');
      await sleep(3_000); // time for a second one, were there one
      expect(digests()).toHaveLength(1);

      // A process dies and another takes its place; its demo time starts at the wall clock and catches up.
      const victim = processes.find((process) => process.name === 'replica-2');
      if (!victim) throw new Error('replica-2 runs');
      await victim.kill('SIGKILL');
      const restarted = await start('replica-3');
      proxy.add({ name: restarted.name, url: restarted.url });
      await advance(restarted, 3 * HOUR);
      // And another hour on both, still the same local date: the day's digest is out already.
      for (const process of live()) await advance(process, HOUR);
      await sleep(4_000);
      expect(digests()).toHaveLength(1);

      // The next day at the digest's time, on both: one more, for the new date.
      for (const process of live()) await advance(process, 23 * HOUR);
      await until(() => (digests().length > 1 ? true : undefined), 'the next day’s digest');
      await sleep(3_000);
      const titles = digests();
      expect(titles).toHaveLength(2);
      expect(new Set(titles).size).toBe(2);
      expect(live().map((process) => process.name)).toEqual(['replica-1', 'replica-3']);
    },
    FILE_TIMEOUT_MS,
  );
});
