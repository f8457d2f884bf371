/**
 * What an operator sees when PostgreSQL goes away under a running replica and comes back (docs/operations.md): a real
 * `shipwatch start` whose DATABASE_URL goes through a TCP relay the test cuts and restores. While it is gone /healthz
 * answers 503 naming the store (a load balancer takes the replica out), a lookup that reaches it anyway still gets its
 * card (the replay guard and the shared quota fail open), a write is refused with a clear message and nothing is
 * written (its idempotency ledger is in the database), and the process keeps running; once it is back the pool
 * reconnects and the replica serves again with nobody restarting it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSimulator,
  DEMO,
  type RunningSimulator,
  type Simulator,
} from '../../../src/simulator/index.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../helpers/replicas/shipwatch-process.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { waitUntil } from '../../helpers/slack/loopback-server.js';
import { nextId, slashCommandBody } from '../../helpers/slack/payloads.js';
import { postSignedToEvents } from '../../helpers/slack/post-signed.js';
import { randomSchema, requirePostgres, TEST_DATABASE_URL } from '../../unit/store/helpers/stores.js';
import { tcpRelay } from '../../unit/store/helpers/tcp-relay.js';
import { withSearchPath } from './replica-world.js';

async function waitUntilAsync(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

describe('a replica whose database goes away and comes back', () => {
  const signingSecret = `outage-secret-${nextId('')}`;
  const botToken = `xoxb-outage-${nextId('')}`;
  const schema = randomSchema();
  const relay = tcpRelay(new URL(TEST_DATABASE_URL));
  let slack: FakeSlackApi;
  let simulator: Simulator;
  let sim: RunningSimulator;
  let replica: ShipwatchProcess;
  let admin: pg.Client;

  beforeAll(async () => {
    await requirePostgres();
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await relay.up();
    slack = await startFakeSlackApi({ botToken });
    simulator = createSimulator();
    sim = await simulator.listen({ port: 0 });
    const url = new URL(TEST_DATABASE_URL);
    url.port = String(relay.port);
    replica = await startShipwatchProcess({
      name: 'replica',
      env: {
        SLACK_BOT_TOKEN: botToken,
        SLACK_SIGNING_SECRET: signingSecret,
        SLACK_API_URL: slack.url,
        TRACKING_API_URL: sim.url,
        TRACKING_API_KEY: DEMO.apiKeys.full,
        DATABASE_URL: withSearchPath(url.toString(), schema),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
      },
    });
  });

  afterAll(async () => {
    await killEveryProcess();
    await relay.down();
    await sim?.close();
    await slack?.close();
    await admin?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.end();
  });

  async function command(text: string, name = '/shipment') {
    const channelId = nextId('C');
    const responseUrl = slack.responseUrls.newUrl();
    const body = slashCommandBody({ command: name, text, channelId, responseUrl });
    const response = await postSignedToEvents(replica.url, signingSecret, body);
    return { status: response.status, body: await response.text(), channelId, responseUrl };
  }

  async function health() {
    const response = await fetch(`${replica.url}/healthz`);
    return { status: response.status, body: await response.text() };
  }

  /** The card in `channelId`, once posted. */
  const cardIn = (channelId: string) =>
    slack.calls.find(
      (call) => call.ok && call.method === 'chat.postMessage' && call.args.channel === channelId,
    );

  /** The person was told the database is out of reach, privately (response_url or chat.postEphemeral). */
  const toldPlainly = (responseUrl: string, channelId: string): boolean => {
    const saysSo = (text: string) => text.includes("can't reach its database");
    return (
      slack.responseUrls.postsTo(responseUrl).some((post) => saysSo(JSON.stringify(post.body))) ||
      slack.calls.some(
        (call) =>
          call.method === 'chat.postEphemeral' &&
          call.args.channel === channelId &&
          saysSo(JSON.stringify(call.args)),
      )
    );
  };

  it('reports the store on /healthz (503 with the reason) while the database is gone, still answers lookups, refuses writes plainly, and serves again by itself once it is back', async () => {
    const before = await command(DEMO.shipments.slippedEta.bl);
    expect(before.status).toBe(200);
    await waitUntil(
      () => cardIn(before.channelId),
      () => 'the card before the outage',
      10_000,
    );

    await relay.down();
    const down = await health();
    expect(down.status).toBe(503);
    const report = JSON.parse(down.body);
    expect(report).toMatchObject({
      ok: false,
      checks: {
        slack: { ok: true },
        store: { ok: false, reason: 'the postgres store is unreachable (store_unavailable)' },
      },
    });
    // The watch section (never a check) says it cannot be read, rather than failing the report.
    expect(Object.keys(report).sort()).toEqual(['checks', 'ok', 'watch']);
    // A lookup needs no database: its card arrives.
    const during = await command(DEMO.shipments.arrived.bl);
    expect(during.status).toBe(200);
    await waitUntil(
      () => cardIn(during.channelId),
      () => 'the card during the outage',
      15_000,
    );
    // A write does: refused, said plainly to the person, and not sent to the API.
    const patchesBefore = simulator.requests.filter((request) => request.method === 'PATCH').length;
    const write = await command(`${DEMO.trackingRequests.created} ref=OUTAGE-1`, '/track-edit');
    expect(write.status).toBe(200);
    await waitUntil(
      () => toldPlainly(write.responseUrl, write.channelId),
      () => 'the refusal of the write',
      15_000,
    );
    expect(simulator.requests.filter((request) => request.method === 'PATCH').length).toBe(patchesBefore);
    expect(replica.alive()).toBe(true);

    await relay.up();
    // The pool reconnects on the next query: no restart, no operator action.
    await waitUntilAsync(async () => (await health()).status === 200, 'a healthy /healthz', 10_000);
    const after = await command(DEMO.shipments.railMove.bl);
    expect(after.status).toBe(200);
    await waitUntil(
      () => cardIn(after.channelId),
      () => 'the card after the outage',
      10_000,
    );
  });
});
