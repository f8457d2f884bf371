/**
 * What the webhook route tells an operator about notifications it cannot act on: one whose shipment nobody watches
 * is routine (debug: an account notifies about every shipment it tracks), one that names no shipment at all is not
 * (a warning naming the notification).
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/logger.js';
import type { WatchingStore } from '../../../src/store/index.js';
import { NO_WATCH_METRICS } from '../../../src/watch/index.js';
import { createWatchJobs } from '../../../src/watch/job-factory.js';
import { createWebhookRoute } from '../../../src/watch/webhook/webhook-route.js';
import { notificationJson, serveRoute } from './helpers/shipments.js';
import { ManualClock } from './helpers/watch-world.js';

const SECRET = 'whsec-logging-0123456789';

function recordingLogger(): Logger & { lines: Array<{ level: string; message: string; fields: unknown }> } {
  const lines: Array<{ level: string; message: string; fields: unknown }> = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, message, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** An inbox that stores nothing and watches nothing. */
const unwatchedInbox = {
  accept: async () => ({ duplicate: false, watched: false }),
} as unknown as WatchingStore['inbox'];

async function deliver(body: string) {
  const logger = recordingLogger();
  const route = createWebhookRoute({
    secret: SECRET,
    inbox: unwatchedInbox,
    wall: new ManualClock(Date.parse('2026-03-10T09:00:00Z')),
    logger,
    coalesceMs: 500,
    minRefetchMs: 5_000,
    jobsFor: () =>
      createWatchJobs({ accountId: 'logging', lane: (account, priority) => `api:${account}:${priority}` }),
    accountId: 'logging',
    metrics: NO_WATCH_METRICS,
  });
  const server = await serveRoute(route, SECRET);
  try {
    expect(await server.post(body)).toBe(200);
  } finally {
    await server.close();
  }
  return { lines: logger.lines, stats: route.stats };
}

describe('webhook notifications that name no watched shipment', () => {
  it('completes a container notification that names no shipment (a minimal payload) instead of dropping it', async () => {
    const { lines, stats } = await deliver(
      notificationJson({ id: 'ntf-no-shipment', shipmentId: null, minimal: true }),
    );
    expect(lines).toEqual([
      {
        level: 'debug',
        message: 'webhook names no shipment; completing it',
        fields: { event: 'container.updated' },
      },
    ]);
    expect(stats).toMatchObject({ accepted: 1, unknown: 0, unwatched: 0 });
  });

  it('keeps a shipment nobody watches at debug, and says it is that', async () => {
    const { lines, stats } = await deliver(notificationJson({ shipmentId: 'shp-nobody' }));
    expect(lines).toEqual([
      {
        level: 'debug',
        message: 'webhook for a shipment nobody watches',
        fields: { event: 'container.updated', shipmentId: 'shp-nobody' },
      },
    ]);
    expect(stats).toMatchObject({ unknown: 0, unwatched: 1 });
  });
});
