/**
 * A flood of forged Terminal49 webhooks (600 at once from another process, 900 KB bodies sent in two halves) against
 * the webhook route: at most 32 bodies, and 8 MiB reserved for them, are read at once; the rest are answered 503 with
 * Retry-After: 1 without being read; nothing forged is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import type { Store } from '../../../src/store/index.js';
import { NO_WATCH_METRICS } from '../../../src/watch/index.js';
import { createWatchJobs } from '../../../src/watch/job-factory.js';
import { createWebhookRoute } from '../../../src/watch/webhook/webhook-route.js';
import { floodOfForgedWebhooks } from '../../helpers/load/flood.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { type RouteServer, serveRoute } from './helpers/shipments.js';

describe('the webhook route under a flood of forged notifications', () => {
  const stores = embeddedHarness();
  let store: Store;
  let route: ReturnType<typeof createWebhookRoute>;
  let server: RouteServer;

  beforeAll(async () => {
    store = await stores.open();
    route = createWebhookRoute({
      secret: 'the-real-secret',
      inbox: store.watching.inbox,
      wall: systemClock,
      logger: silentLogger,
      coalesceMs: 1_000,
      minRefetchMs: 1_000,
      jobsFor: () =>
        createWatchJobs({
          accountId: 'flood',
          lane: (account, priority) => `api:${account}:${priority}`,
        }),
      accountId: 'flood',
      metrics: NO_WATCH_METRICS,
    });
    server = await serveRoute(route, 'the-real-secret');
  });

  afterAll(async () => {
    await server.close();
    await stores.dispose();
  });

  it('reads at most 32 unverified bodies and 8 MiB at a time, answers the rest 503 unread, stores none', async () => {
    const answers = await floodOfForgedWebhooks(server.url, 600, 900 * 1024);
    expect(route.unverified.peak.requests).toBeLessThanOrEqual(32);
    expect(route.unverified.peak.bytes).toBeLessThanOrEqual(8 * 2 ** 20);
    expect(route.unverified.inFlight).toBe(0);
    expect(route.stats.busy).toBeGreaterThan(0);
    expect(route.stats.accepted + route.stats.duplicates + route.stats.unwatched).toBe(0);
    expect(route.stats.refused + route.stats.busy).toBe(600);
    // Whoever reads the answer (a sender still writing may see the connection close instead) is told when to retry.
    for (const answer of answers.filter((candidate) => candidate.status === 503)) {
      expect(answer.retryAfter).toBe('1');
    }
    expect(answers.filter((answer) => answer.status === 200)).toEqual([]);
    expect(await store.watching.inbox.count()).toBe(0);
  }, 30_000);
});
