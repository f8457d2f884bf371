/**
 * `shipwatch status`: an operator reads what is watched, the polls a minute it needs against the background budget,
 * the shortfall and how stretched the polls are, how long due polls have waited, and Slack's card pace — from the
 * store the bot uses, changing nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli.js';
import { fixedClock } from '../../../src/clock.js';
import { runStatusCommand } from '../../../src/commands/status.js';
import { silentLogger } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { openStore } from '../../../src/store/index.js';
import { keyFingerprint } from '../../../src/tenancy/index.js';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: async () => '',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

const T0 = Date.parse('2026-03-10T09:00:00Z');
const clock = fixedClock('2026-03-10T09:10:00Z');

describe('shipwatch status', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-status-'));
  const env = { SHIPWATCH_DATA_DIR: dataDir, SHIPWATCH_POLL_BUDGET: '10' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says there is nothing watched when the store does not exist yet', async () => {
    const run = captureIo();
    expect(
      await runStatusCommand([], run.io, { env: { SHIPWATCH_DATA_DIR: join(dataDir, 'none') }, clock }),
    ).toBe(1);
    expect(run.stderr()).toContain('nothing is watched');
  });

  it('prints the watched shipments, the polls needed against the budget, the shortfall and the waiting polls', async () => {
    const store = await openStore({ dataDir, clock, logger: silentLogger });
    // 300 shipments near arrival (a poll every 15 minutes each): 20 polls a minute against a budget of 10.
    for (let i = 0; i < 300; i += 1) {
      const shipmentId = `shp-${i}`;
      await store.watching.watches.create({
        teamId: i % 2 ? 'T1' : 'T2',
        channelId: 'C1',
        shipmentId,
        shipmentNumber: `BL${i}`,
        cardTs: `1.${i}`,
        threadTs: null,
        createdBy: 'U1',
        createdAt: T0,
        state: 'active',
        pausedReason: null,
        etaTold: null,
        updatedAt: T0,
        tier: 'none',
        tierUntil: null,
      });
      await store.watching.snapshots.commit({
        shipmentId,
        expectedVersion: 0,
        snapshot: {},
        detail: {},
        fetchedAt: T0,
        now: T0,
        changes: [],
        attention: { tier: 'none', tierUntil: null, urgent: false, pollEveryMs: 15 * 60_000 },
        jobs: [{ kind: 'watch.poll', key: shipmentId, runAt: T0 + 8 * 60_000, payload: { shipmentId } }],
      });
    }
    await store.close();

    const run = captureIo();
    expect(await runStatusCommand([], run.io, { env, clock })).toBe(0);
    const text = run.stdout();
    expect(text).toContain('watched:   300 shipments (0 paused) in 2 workspace(s)');
    expect(text).toContain(
      'polls:     20 a minute needed (0 urgent, 20 routine); budget 10 a minute, 8.1 planned for polls',
    );
    expect(text).toMatch(
      /shortfall: yes: routine polls stretched 2\.5×.*instead of 15\); urgent ones on time/,
    );
    expect(text).toContain('behind:    300 polls due, the oldest waiting 120 s');
    expect(text).toContain('slack:     card updates 45 a minute per workspace');

    const json = captureIo();
    expect(await runStatusCommand(['--json'], json.io, { env, clock })).toBe(0);
    expect(JSON.parse(json.stdout())).toMatchObject({
      account: keyFingerprint(DEMO.apiKeys.full),
      polls: { shortfall: true, budgetPerMinute: 10 },
      behind: { duePolls: 300 },
    });
  });
});
