/**
 * An embedded store damaged in the middle (a disk error, a bad copy) still opens and answers some queries. Found at
 * start, it stops `shipwatch start` with one line that says what is wrong and what to do, instead of a bot whose
 * /healthz says ok while every write is refused as a passing outage.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { openStore } from '../../../src/store/index.js';
import { embeddedFile } from '../../../src/store/location.js';

const BIN = join(import.meta.dirname, '../../../bin/shipwatch.js');

describe('an embedded store damaged in the middle of its file', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-damaged-'));
    const store = await openStore({ dataDir, clock: systemClock, logger: silentLogger });
    // Enough rows for a file of many pages, so the damage lands inside a table, away from the header.
    for (let index = 0; index < 3_000; index++) {
      await store.claims.claim(`claim-${index}-${'x'.repeat(60)}`, 3_600_000, Date.now());
    }
    await store.close();
    const file = embeddedFile(dataDir);
    const bytes = readFileSync(file);
    bytes.fill(0x55, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 4096);
    writeFileSync(file, bytes);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is refused when opened, with store_damaged and what to do', async () => {
    const opening = openStore({ dataDir, clock: systemClock, logger: silentLogger });
    await expect(opening).rejects.toMatchObject({ code: 'store_damaged' });
    await expect(opening).rejects.toThrow(/is damaged \(.+\); restore it from a backup, or move it aside/);
  });

  it('stops `shipwatch start` with one clear line and no stack trace', () => {
    const started = spawnSync(process.execPath, [BIN, 'start'], {
      env: { PATH: process.env.PATH ?? '', SHIPWATCH_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(started.status).toBe(1);
    const lines = started.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/store_damaged: the embedded store at .+ is damaged/);
    expect(lines[0]).toContain('SHIPWATCH_DATA_DIR');
    expect(started.stderr).not.toMatch(/\n\s+at /);
  });
});
