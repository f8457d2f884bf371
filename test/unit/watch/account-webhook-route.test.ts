/**
 * OAuth mode's per-account webhook route, `POST /webhooks/terminal49/<account id>`: the same route as the one
 * account's, each body checked with its own account's secret (opened from the store), an unknown account refused
 * unread, and the re-fetch job naming the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/logger.js';
import type { Store } from '../../../src/store/index.js';
import { accountWebhookSecret } from '../../../src/tenancy/account-webhook-secret.js';
import { createWebhookRoute, NO_WATCH_METRICS, signWebhookBody } from '../../../src/watch/index.js';
import { createWatchJobs } from '../../../src/watch/job-factory.js';
import { testBox } from '../../helpers/oauth/installations.js';
import { embeddedHarness, type StoreHarness } from '../store/helpers/stores.js';
import { notificationJson, SHIPMENT_ID } from './helpers/shipments.js';

const box = testBox();
let harness: StoreHarness;
let store: Store;
let server: HttpServer;
const accounts: Record<string, { id: string; secret: string }> = {};

beforeAll(async () => {
  harness = embeddedHarness();
  store = await harness.open();
  for (const [name, secret] of [
    ['a', 'secret-of-account-a'],
    ['b', 'secret-of-account-b'],
  ] as const) {
    const account = await store.accounts.bind(
      `T0${name}`,
      { fingerprint: `fp-${name}`, keyCiphertext: null },
      0,
    );
    await store.accounts.setWebhook(
      account.id,
      { id: `wh-${name}`, secretCiphertext: box.seal(secret, 'webhook-secret') },
      0,
    );
    accounts[name] = { id: account.id, secret };
  }
  await store.accounts.bind('T0c', { fingerprint: 'fp-c', keyCiphertext: null }, 0);
  server = createHttpServer({ logger: silentLogger });
  server.mount(
    createWebhookRoute({
      accountSecret: accountWebhookSecret(store, box),
      inbox: store.watching.inbox,
      wall: systemClock,
      logger: silentLogger,
      coalesceMs: 0,
      minRefetchMs: 0,
      jobsFor: (accountId) =>
        createWatchJobs({
          accountId: accountId ?? 'none',
          lane: (account, priority) => `api:${account}:${priority}`,
        }),
      accountId: null,
      metrics: NO_WATCH_METRICS,
    }),
  );
  await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server?.stop();
  await harness?.dispose();
});

async function post(accountId: string, body: string, secret: string): Promise<number> {
  const response = await fetch(`${server.url}/webhooks/terminal49/${accountId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-t49-webhook-signature': signWebhookBody(body, secret) },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe("an account's own webhook route", () => {
  it("accepts a notification signed with the account's secret", async () => {
    const a = accounts.a!;
    expect(await post(a.id, notificationJson({ id: 'ntf-a-1' }), a.secret)).toBe(200);
    expect(await store.watching.inbox.count()).toBe(1);
  });

  it("refuses a notification signed with another account's secret", async () => {
    const a = accounts.a!;
    const b = accounts.b!;
    expect(await post(a.id, notificationJson({ id: 'ntf-a-2' }), b.secret)).toBe(401);
    expect(await post(b.id, notificationJson({ id: 'ntf-b-1' }), b.secret)).toBe(200);
  });

  it('queues the re-fetch of a watched shipment naming the account the notification came for', async () => {
    const a = accounts.a!;
    await store.watching.watches.create({
      teamId: 'T0a',
      channelId: 'C1',
      shipmentId: SHIPMENT_ID,
      shipmentNumber: 'COSU6312345670',
      cardTs: '1.1',
      threadTs: null,
      createdBy: 'U1',
      createdAt: 0,
      state: 'active',
      pausedReason: null,
      etaTold: null,
      tier: null,
      tierUntil: null,
      updatedAt: 0,
    });
    expect(await post(a.id, notificationJson({ id: 'ntf-a-watched' }), a.secret)).toBe(200);
    const jobs = await store.jobs.claim({
      kinds: ['watch.refresh'],
      owner: 'probe',
      leaseMs: 1,
      now: Date.now() + 60_000,
      limit: 10,
    });
    expect(jobs.map((job) => job.payload)).toEqual([{ shipmentId: SHIPMENT_ID, accountId: a.id }]);
  });

  it('refuses, unread, an account that does not exist or has no webhook, and a malformed account id', async () => {
    const body = notificationJson({ id: 'ntf-x' });
    expect(await post('acct_nobody', body, 'anything')).toBe(404);
    expect(await post('fp-c', body, 'anything')).toBe(404);
    expect(await post('a%2Fb', body, 'anything')).toBe(404);
  });
});
