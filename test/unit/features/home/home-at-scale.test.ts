/**
 * Home for someone whose channels watch 5,000 shipments: the lists are paged, so the Home view stays inside Slack's
 * 100 blocks (as data_table and as sections) and inside the Block Kit limits, whatever the number watched; a page
 * shows its rows, the last page the remainder; filters narrow every list; and the CSV of a list is every row, quoted
 * so a spreadsheet can never run a cell.
 */
import { describe, expect, it } from 'vitest';
import { renderHomeView } from '../../../../src/cards/home/home-view.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import { DEFAULT_WORKING_WEEK } from '../../../../src/domain/attention/index.js';
import { snapshotOf } from '../../../../src/domain/changes/snapshot.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { homeRowsCsv } from '../../../../src/features/home/home-csv.js';
import type { HomeRow } from '../../../../src/features/home/home-rows.js';
import {
  HOME_PAGE_SIZE,
  type HomeState,
  homeListRows,
  INITIAL_HOME_STATE,
  loadHome,
} from '../../../../src/features/home/load-home.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { ShipmentDetail } from '../../../../src/tracking/models.js';
import type { WatchService } from '../../../../src/watch/index.js';
import { findBlockKitViolations } from '../../../../src/workspace/web-api/block-kit-check.js';
import { shipmentDetailFixture } from '../../../helpers/slack/model-fixtures.js';

const CHANNELS = Array.from({ length: 50 }, (_, i) => `C${String(i).padStart(4, '0')}`);
const PER_CHANNEL = 100;

/** Every tenth shipment was taken by this person, every seventh of the rest by someone else. */
const ME = 'U0ME';

function world(): { ctx: FeatureContext; reads: () => number } {
  const base = shipmentDetailFixture();
  const detailFor = (n: number): ShipmentDetail => ({
    ...base,
    shipment: { ...base.shipment, customerName: n % 2 === 0 ? 'Acme Imports' : 'Borealis Freight' },
  });
  // As the store keeps it: the snapshot of each reading beside it.
  const stored = [0, 1].map((n) => ({ detail: detailFor(n), snapshot: snapshotOf(detailFor(n)) }));
  let reads = 0;
  const watching = {
    config: { workingWeek: DEFAULT_WORKING_WEEK },
    async listIn(_teamId: string, channelIds: readonly string[]) {
      reads += 1;
      return channelIds.flatMap((channelId) => {
        const index = CHANNELS.indexOf(channelId);
        return Array.from({ length: PER_CHANNEL }, (_, i) => ({
          channelId,
          shipmentId: `shp-${index}-${i}`,
          shipmentNumber: `BL${index}-${i}`,
          ...stored[i % 2],
          paused: null,
          card: { channelId, ts: `1700000000.${String(i).padStart(6, '0')}` },
          owner: i % 10 === 0 ? ME : i % 7 === 0 ? 'U0OTHER' : null,
        }));
      });
    },
  } as unknown as WatchService; // SAFETY: Home reads only `listIn` and `config.workingWeek`.
  const tenant = singleTenant(loadConfig({}), null);
  return {
    ctx: { tenant, clock: fixedClock('2026-11-26T16:00:00Z'), logger: silentLogger, watching },
    reads: () => reads,
  };
}

const input = (state: HomeState = INITIAL_HOME_STATE) => ({
  teamId: 'T1',
  userId: ME,
  channelIds: CHANNELS,
  state,
});

describe('Home with 5,000 watched shipments', () => {
  it('stays inside 100 blocks and the Block Kit limits, as data_table and as sections, and is read quickly', async () => {
    const { ctx, reads } = world();
    const started = performance.now();
    const model = await loadHome(ctx, input());
    // One read across the 50 channels, not one per channel or per watch.
    expect(reads()).toBe(1);
    // Generous for a shared 2-core machine: the rows come from stored snapshots, nothing is re-derived.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(model.shipments).toBe(5_000);
    const total = model.lists.reduce((sum, list) => sum + list.total, 0);
    expect(total).toBeGreaterThanOrEqual(5_000);
    for (const layout of ['data_table', 'sections'] as const) {
      const view = renderHomeView({
        model,
        service: null,
        welcome: true,
        layout,
        permalinkBase: 'https://acme.slack.com/archives/',
      });
      expect(view.blocks.length).toBeLessThanOrEqual(100);
      expect(findBlockKitViolations(view)).toEqual([]);
      expect(JSON.stringify(view).length).toBeLessThan(100_000);
    }
  });

  it('shows the chosen page of a list, and the remainder on the last one', async () => {
    const { ctx } = world();
    const first = await loadHome(ctx, input());
    const busiest = [...first.lists].sort((a, b) => b.total - a.total)[0];
    if (!busiest) throw new Error('no list');
    const last = busiest.pageCount - 1;
    const paged = await loadHome(
      ctx,
      input({ ...INITIAL_HOME_STATE, pages: { ...INITIAL_HOME_STATE.pages, [busiest.name]: last } }),
    );
    const list = paged.lists.find((candidate) => candidate.name === busiest.name);
    expect(list?.page).toBe(last);
    expect(list?.rows.length).toBe(busiest.total - last * HOME_PAGE_SIZE);
    // A page past the end (the list shrank since) shows the last page.
    const beyond = await loadHome(
      ctx,
      input({ ...INITIAL_HOME_STATE, pages: { ...INITIAL_HOME_STATE.pages, [busiest.name]: 10_000 } }),
    );
    expect(beyond.lists.find((candidate) => candidate.name === busiest.name)?.page).toBe(last);
  });

  it('narrows every list to one customer, and hands on every row of a list as CSV', async () => {
    const { ctx } = world();
    const all = await loadHome(ctx, input());
    expect(all.customers).toEqual(['Acme Imports', 'Borealis Freight']);
    const state = { ...INITIAL_HOME_STATE, customer: 'Acme Imports' };
    const filtered = await loadHome(ctx, input(state));
    for (const list of filtered.lists)
      expect(list.rows.every((row) => row.customer === 'Acme Imports')).toBe(true);
    const busiest = [...filtered.lists].sort((a, b) => b.total - a.total)[0];
    if (!busiest) throw new Error('no list');
    const rows = await homeListRows(ctx, { ...input(state), list: busiest.name });
    expect(rows).toHaveLength(busiest.total);
    expect(homeRowsCsv(rows).trim().split('\r\n')).toHaveLength(rows.length + 1);
  });
});

describe("Home's owners", () => {
  it('names each row’s owner, and keeps only the person’s own shipments under "Mine"', async () => {
    const { ctx } = world();
    const all = await loadHome(ctx, input());
    const rows = all.lists.flatMap((list) => list.rows);
    expect(new Set(rows.map((row) => row.owner))).toEqual(new Set([ME, 'U0OTHER', null]));
    // 10 of each channel's 100 shipments are mine, each with the fixture's containers.
    const boxes = shipmentDetailFixture().containers.length;
    expect(all.mine).toBe(CHANNELS.length * 10 * boxes);
    const mine = await loadHome(ctx, input({ ...INITIAL_HOME_STATE, mine: true }));
    expect(mine.lists.reduce((sum, list) => sum + list.total, 0)).toBe(all.mine);
    for (const list of mine.lists) expect(list.rows.every((row) => row.owner === ME)).toBe(true);
    const view = JSON.stringify(
      renderHomeView({
        model: mine,
        service: null,
        welcome: false,
        layout: 'data_table',
        permalinkBase: null,
      }),
    );
    expect(view).toContain(`"user_id":"${ME}"`);
    expect(view).toContain('Mine (');
  });
});

describe('the CSV of a list', () => {
  const row = (change: Partial<HomeRow>): HomeRow => ({
    list: 'attention',
    container: 'MSCU1234567',
    shipmentNumber: 'BL1',
    channelId: 'C1',
    cardTs: '1.2',
    tier: 'lfd_today',
    status: 'LFD today',
    lfd: '2026-11-26',
    eta: null,
    terminal: 'Maher',
    customer: 'Acme',
    owner: null,
    ...change,
  });

  it('quotes commas, quotes and line breaks, and never lets a cell start a formula', () => {
    const csv = homeRowsCsv(
      [
        row({ customer: 'Smith, "Jones" & Co\nLtd' }),
        row({ customer: '=HYPERLINK("http://x")', terminal: '+1' }),
      ],
      { channel: (id) => `#${id}` },
    );
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe('MSCU1234567,LFD today,2026-11-26,,Maher,"Smith, ""Jones"" & Co\nLtd",BL1,#C1,');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(",'+1,");
  });

  it('names the owner of a row as Home shows it, by name for readers outside Slack', () => {
    const csv = homeRowsCsv([row({ owner: 'U0ANA' }), row({ owner: 'U0BEN' })], {
      owner: (id) => (id === 'U0ANA' ? 'Ana Lima' : id),
    });
    const [header, first, second] = csv.split('\r\n');
    expect(header?.endsWith(',Channel,Owner')).toBe(true);
    expect(first?.endsWith(',C1,Ana Lima')).toBe(true);
    expect(second?.endsWith(',C1,U0BEN')).toBe(true);
  });
});
