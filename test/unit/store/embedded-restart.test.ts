/**
 * The embedded backend across restarts: the data folder is created on first open with no set-up step, and what was
 * claimed or begun before a restart still blocks a duplicate after it.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { openStore } from '../../../src/store/index.js';
import { embeddedHarness } from './helpers/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const intentOptions = { owner: 'pid-1', leaseMs: 30_000, now: T0, duplicateWindowMs: 600_000 };

describe('embedded store across a restart', () => {
  let harness: ReturnType<typeof embeddedHarness>;
  beforeEach(() => {
    harness = embeddedHarness();
  });
  afterEach(async () => {
    await harness.dispose();
  });

  it('creates its folder and file on first open, in WAL mode', async () => {
    rmSync(harness.dataDir, { recursive: true, force: true });
    const nested = join(harness.dataDir, 'nested', 'deeper');
    const store = await openStore({ dataDir: nested, clock: fixedClock(new Date(T0)), logger: silentLogger });
    try {
      expect(store.location).toBe(join(nested, 'shipwatch.db'));
      expect(existsSync(store.location)).toBe(true);
    } finally {
      await store.close();
    }
    const raw = new Database(join(nested, 'shipwatch.db'));
    try {
      expect(raw.prepare('PRAGMA journal_mode').all()).toEqual([{ journal_mode: 'wal' }]);
    } finally {
      raw.close();
    }
  });

  it('still refuses a re-delivered event and a duplicate write after the process restarts', async () => {
    const first = await harness.open();
    expect(await first.claims.claim('slack:event:Ev123', 3_600_000, T0)).toBe(true);
    expect(
      await first.intents.begin(
        { key: 'rotate:doc-1:90', kind: 'document.rotate', payload: {} },
        intentOptions,
      ),
    ).toEqual({ started: true });
    await first.intents.markWritten('rotate:doc-1:90', 'pid-1', { rotated: 90 }, T0 + 10);
    await first.intents.finish('rotate:doc-1:90', 'pid-1', T0 + 20);
    await first.close();

    const second = await harness.open();
    expect(await second.claims.claim('slack:event:Ev123', 3_600_000, T0 + 60_000)).toBe(false);
    const again = await second.intents.begin(
      { key: 'rotate:doc-1:90', kind: 'document.rotate', payload: {} },
      { ...intentOptions, owner: 'pid-2', now: T0 + 60_000 },
    );
    expect(again).toMatchObject({ started: false, state: 'finished', intent: { result: { rotated: 90 } } });
  });

  it('writes a card record that was still gathering when the store closed', async () => {
    const first = await harness.open();
    const card = {
      teamId: 'T1',
      channelId: 'C1',
      messageTs: '1700000000.000100',
      threadTs: null,
      kind: 'shipment',
      subjectId: 'shp-1',
      isPrivate: false,
      renderedVersion: null,
      postedAt: T0,
      updatedAt: T0,
    };
    const recorded = first.cards.record(card);
    await first.close();
    await recorded;
    const second = await harness.open();
    expect(await second.cards.get('T1', 'C1', '1700000000.000100')).toEqual(card);
  });

  it('answers store_closed after close', async () => {
    const store = await harness.open();
    await store.close();
    await expect(store.claims.claim('k', 1, T0)).rejects.toMatchObject({ code: 'store_closed' });
  });
});
