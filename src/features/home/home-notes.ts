/**
 * What Home remembers between opens (docs/home.md), in the store's expiring per-workspace notes (the member cache's
 * table, so every replica reads the same): per person, whether they were welcomed and the pages and filters they
 * chose; per workspace, that Slack refused `data_table` (Home is then published as sections for a day) and the
 * workspace's permalink prefix (card links are built from it, not asked for one by one). Without a store, the same
 * notes live in this process's memory.
 */

import type { HomeLayout } from '../../cards/home/home-view.js';
import type { Clock } from '../../clock.js';
import type { MemberCache } from '../policy/people-cache.js';
import { HOME_LISTS } from './home-rows.js';
import { type HomeState, INITIAL_HOME_STATE } from './load-home.js';

const DAY_MS = 86_400_000;
/** Slack refused data_table for the workspace: sections for this long, then data_table is tried again. */
const SECTIONS_FOR_MS = DAY_MS;
/** A person's pages and filters: forgotten after a day (Home then opens on the first pages, unfiltered). */
const STATE_FOR_MS = DAY_MS;
const WELCOMED_FOR_MS = 365 * DAY_MS;
const PERMALINK_BASE_FOR_MS = 7 * DAY_MS;

export interface HomeNotes {
  layout(teamId: string): Promise<HomeLayout>;
  /** Slack answered `invalid_blocks` to a data_table: sections for the workspace for a day. */
  refuseDataTable(teamId: string): Promise<void>;
  /** True the first time a person opens Home (and remembers it). */
  firstOpen(teamId: string, userId: string): Promise<boolean>;
  state(teamId: string, userId: string): Promise<HomeState>;
  saveState(teamId: string, userId: string, state: HomeState): Promise<void>;
  permalinkBase(teamId: string): Promise<string | null>;
  savePermalinkBase(teamId: string, base: string): Promise<void>;
}

export function createHomeNotes(cache: MemberCache, clock: Clock): HomeNotes {
  const now = () => clock.now().getTime();
  return {
    async layout(teamId) {
      return (await cache.get(teamId, 'home:layout', now())) === 'sections' ? 'sections' : 'data_table';
    },
    refuseDataTable: (teamId) => cache.put(teamId, 'home:layout', 'sections', now() + SECTIONS_FOR_MS),
    async firstOpen(teamId, userId) {
      const key = `home:welcomed:${userId}`;
      if ((await cache.get(teamId, key, now())) === true) return false;
      await cache.put(teamId, key, true, now() + WELCOMED_FOR_MS);
      return true;
    },
    async state(teamId, userId) {
      return readHomeState(await cache.get(teamId, `home:state:${userId}`, now()));
    },
    saveState: (teamId, userId, state) =>
      cache.put(teamId, `home:state:${userId}`, state, now() + STATE_FOR_MS),
    async permalinkBase(teamId) {
      const base = await cache.get(teamId, 'home:permalink-base', now());
      return typeof base === 'string' ? base : null;
    },
    savePermalinkBase: (teamId, base) =>
      cache.put(teamId, 'home:permalink-base', base, now() + PERMALINK_BASE_FOR_MS),
  };
}

/** A stored state read back defensively (an older release, a hand edit): anything odd is the initial state. */
export function readHomeState(value: unknown): HomeState {
  if (value === null || typeof value !== 'object') return INITIAL_HOME_STATE;
  const record = value as { pages?: unknown; terminal?: unknown; customer?: unknown; mine?: unknown };
  const pages = { ...INITIAL_HOME_STATE.pages };
  if (record.pages !== null && typeof record.pages === 'object') {
    for (const name of HOME_LISTS) {
      const page = (record.pages as Record<string, unknown>)[name];
      if (typeof page === 'number' && Number.isInteger(page) && page >= 0) pages[name] = page;
    }
  }
  return {
    pages,
    terminal: typeof record.terminal === 'string' ? record.terminal : null,
    customer: typeof record.customer === 'string' ? record.customer : null,
    mine: record.mine === true,
  };
}

/** The notes in this process's memory (no store). */
export function memoryNoteCache(): MemberCache {
  const notes = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get(teamId, key, at) {
      const note = notes.get(`${teamId}\u0000${key}`);
      return note && note.expiresAt > at ? note.value : null;
    },
    async put(teamId, key, value, expiresAt) {
      notes.set(`${teamId}\u0000${key}`, { value, expiresAt });
    },
  };
}

const processNotes = new WeakMap<object, HomeNotes>();

/** The runtime's notes (the store's), or this process's memory for a runtime built without them (unit tests). */
export function homeNotesOf(runtime: { homeNotes?: HomeNotes; clock: Clock }): HomeNotes {
  if (runtime.homeNotes) return runtime.homeNotes;
  let notes = processNotes.get(runtime);
  if (!notes) {
    notes = createHomeNotes(memoryNoteCache(), runtime.clock);
    processNotes.set(runtime, notes);
  }
  return notes;
}
