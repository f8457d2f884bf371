/**
 * The embedded store is readable by the account that runs Shipwatch only: a new folder is created 700 with its files
 * 600 (the WAL files included), and a folder or file left readable by others is tightened when the store opens, with
 * one log line saying so.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/logger.js';
import { openStore } from '../../../src/store/index.js';
import { embeddedFile } from '../../../src/store/location.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the embedded store on disk', () => {
  const roots: string[] = [];
  const freshRoot = () => {
    const root = mkdtempSync(join(tmpdir(), 'shipwatch-perms-'));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('creates its folder owner-only (700) and its files 600, the write-ahead log included', async () => {
    const dataDir = join(freshRoot(), 'data');
    const lines: string[] = [];
    const store = await openStore({
      dataDir,
      clock: systemClock,
      logger: createLogger({ level: 'debug', write: (line) => lines.push(line) }),
    });
    await store.claims.claim('one', 60_000, Date.now());
    const file = embeddedFile(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    await store.close();
    expect(lines.filter((line) => line.includes('owner-only'))).toEqual([]);
  });

  it('tightens a folder and file other users could read, and says so in one log line', async () => {
    const dataDir = join(freshRoot(), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const file = embeddedFile(dataDir);
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    const lines: string[] = [];
    const store = await openStore({
      dataDir,
      clock: systemClock,
      logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
    });
    await store.close();
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    const said = lines.filter((line) => line.includes('owner-only'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(dataDir);
  });
});
