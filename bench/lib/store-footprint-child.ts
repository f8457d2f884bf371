/**
 * Child process for the store bench: what opening the embedded store costs a fresh process. Reports (as its IPC
 * hello) the RSS before the store module is loaded, the import, first-open (file created, migrations applied) and
 * reopen times, and the RSS with the store open after some use (1,000 claims, 1,000 cards) and a short idle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixedClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { serveIpc } from './ipc-child.js';

export interface StoreFootprint {
  rssBeforeMb: number;
  importMs: number;
  firstOpenMs: number;
  reopenMs: number;
  rssOpenMb: number;
}

const mb = (bytes: number) => bytes / (1024 * 1024);
const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-store-'));
const options = { dataDir, clock: fixedClock('2026-03-01T00:00:00Z'), logger: silentLogger };

const rssBeforeMb = mb(process.memoryUsage().rss);
let started = performance.now();
const { openStore } = await import('../../src/store/index.js');
const importMs = performance.now() - started;
started = performance.now();
const first = await openStore(options);
const firstOpenMs = performance.now() - started;
await first.close();
started = performance.now();
const store = await openStore(options);
const reopenMs = performance.now() - started;
const now = Date.parse('2026-03-01T00:00:00Z');
for (let i = 0; i < 1000; i++) {
  await store.claims.claim(`slack:event:${i}`, 3_600_000, now);
  await store.cards.record({
    teamId: 'T1',
    channelId: 'C1',
    messageTs: `1767225600.${String(i).padStart(6, '0')}`,
    threadTs: null,
    kind: 'shipment',
    subjectId: `shp-${i}`,
    isPrivate: false,
    renderedVersion: 'v1',
    postedAt: now,
    updatedAt: now,
  });
}
await new Promise((resolve) => setTimeout(resolve, 500));
const footprint: StoreFootprint = {
  rssBeforeMb,
  importMs,
  firstOpenMs,
  reopenMs,
  rssOpenMb: mb(process.memoryUsage().rss),
};
serveIpc(
  footprint,
  async (op) => {
    throw new Error(`unknown op ${op}`);
  },
  async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
);
