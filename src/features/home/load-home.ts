/**
 * A person's Home (docs/home.md): the shipments watched in the channels they are in, as three lists — needs
 * attention, arriving in the next 7 days, the rest watched — filtered by terminal or customer and cut into pages, so
 * Home stays inside Slack's 100 blocks whatever the number watched. Read from the stored readings only: opening
 * Home never sends a request to Terminal49.
 */

import type { FeatureContext } from '../context.js';
import { FeatureError } from '../errors.js';
import { HOME_LISTS, type HomeListName, type HomeRow, type HomeWatch, homeRowsOf } from './home-rows.js';

/** Rows per list per page: three lists of this many stay far inside the 100 blocks, even as plain sections. */
export const HOME_PAGE_SIZE = 20;

/** What the person chose on their Home: a page per list and the filters. Kept per person by the Slack layer. */
export interface HomeState {
  pages: Record<HomeListName, number>;
  terminal: string | null;
  customer: string | null;
  /** Only the shipments the person took ("Mine"). */
  mine: boolean;
}

export const INITIAL_HOME_STATE: HomeState = Object.freeze({
  pages: Object.freeze({ attention: 0, arriving: 0, watched: 0 }),
  terminal: null,
  customer: null,
  mine: false,
});

export interface HomeList {
  name: HomeListName;
  /** Rows in the list after the filters. */
  total: number;
  /** The page shown (0-based, clamped to the pages there are) and how many pages there are. */
  page: number;
  pageCount: number;
  rows: HomeRow[];
}

export interface HomeModel {
  /** Channels the person is in that watch something. */
  channels: number;
  shipments: number;
  lists: HomeList[];
  /** Every terminal and customer among the rows (what the filters offer). */
  terminals: string[];
  customers: string[];
  /** Rows the person owns (what "Mine" would show), before the filters. */
  mine: number;
  state: HomeState;
}

export interface HomeInput {
  teamId: string;
  /** Whose Home it is ("Mine" keeps the rows they took). */
  userId: string;
  /** The channels the person is a member of (the Slack layer asks Slack). */
  channelIds: readonly string[];
  state: HomeState;
}

export async function loadHome(ctx: FeatureContext, input: HomeInput): Promise<HomeModel> {
  const { watches, channels } = await readWatches(ctx, input);
  const all = rowsOf(ctx, watches);
  const filtered = applyFilters(all, input);
  const lists = HOME_LISTS.map((name) => {
    const rows = filtered.filter((row) => row.list === name);
    const pageCount = Math.max(1, Math.ceil(rows.length / HOME_PAGE_SIZE));
    const page = Math.min(Math.max(0, input.state.pages[name] ?? 0), pageCount - 1);
    return {
      name,
      total: rows.length,
      page,
      pageCount,
      rows: rows.slice(page * HOME_PAGE_SIZE, (page + 1) * HOME_PAGE_SIZE),
    };
  });
  return {
    channels,
    shipments: watches.length,
    lists,
    terminals: distinct(all.map((row) => row.terminal)),
    customers: distinct(all.map((row) => row.customer)),
    mine: all.filter((row) => row.owner === input.userId).length,
    state: input.state,
  };
}

/** Every row of one list, filtered as Home shows it (all pages): what "Download CSV" hands on. */
export async function homeListRows(
  ctx: FeatureContext,
  input: HomeInput & { list: HomeListName },
): Promise<HomeRow[]> {
  const { watches } = await readWatches(ctx, input);
  return applyFilters(rowsOf(ctx, watches), input).filter((row) => row.list === input.list);
}

/** Every row of the given channels, most urgent first (the CSV of `/shipwatch watching`). */
export async function rowsIn(
  ctx: FeatureContext,
  input: { teamId: string; channelIds: readonly string[] },
): Promise<HomeRow[]> {
  const { watches } = await readWatches(ctx, input);
  return rowsOf(ctx, watches);
}

async function readWatches(
  ctx: FeatureContext,
  input: { teamId: string; channelIds: readonly string[] },
): Promise<{ watches: HomeWatch[]; channels: number }> {
  const watching = ctx.watching;
  if (!watching) throw new FeatureError('no_store', 'Home lists watched shipments, which needs the store');
  // One read across every channel (not one per channel, nor one snapshot per watch): Home of 5,000 watches.
  const listed = await watching.listIn(input.teamId, [...new Set(input.channelIds)]);
  const watches = listed.map(
    (item): HomeWatch => ({
      channelId: item.channelId,
      cardTs: item.card?.ts ?? '',
      shipmentNumber: item.shipmentNumber,
      detail: item.detail,
      snapshot: item.snapshot ?? null,
      paused: item.paused,
      owner: item.owner,
    }),
  );
  return { watches, channels: new Set(listed.map((item) => item.channelId)).size };
}

function rowsOf(ctx: FeatureContext, watches: readonly HomeWatch[]): HomeRow[] {
  const week = ctx.watching?.config.workingWeek;
  if (!week) return [];
  return homeRowsOf(watches, ctx.clock.now().getTime(), week);
}

function applyFilters(rows: readonly HomeRow[], input: Pick<HomeInput, 'state' | 'userId'>): HomeRow[] {
  const { state } = input;
  return rows.filter(
    (row) =>
      (state.terminal === null || row.terminal === state.terminal) &&
      (state.customer === null || row.customer === state.customer) &&
      (!state.mine || row.owner === input.userId),
  );
}

function distinct(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value !== ''))].sort();
}
