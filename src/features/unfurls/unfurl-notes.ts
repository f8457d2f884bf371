/**
 * What link previews remember per workspace (docs/unfurls.md): that its Slack refused Work Objects, so its links get
 * classic previews for a day before Work Objects are tried again. Kept in the store's expiring per-workspace notes
 * (the member cache's table, as Home's notes are), so every replica learns it from the first refusal instead of
 * each one being refused in turn; without a store, in this process's memory.
 */
import type { Clock } from '../../clock.js';
import { memoryNoteCache } from '../home/home-notes.js';
import type { MemberCache } from '../policy/people-cache.js';

/** How long a workspace whose Slack refused Work Objects gets classic previews before they are tried again. */
export const CLASSIC_FOR_MS = 24 * 3600_000;

const CLASSIC_KEY = 'unfurl:classic';

export interface UnfurlNotes {
  /** Whether the workspace's links get classic previews now (its Slack refused Work Objects within the last day). */
  classic(teamId: string): Promise<boolean>;
  /** Slack refused Work Objects for the workspace: classic previews for a day. */
  refuseWorkObjects(teamId: string): Promise<void>;
}

/** The notes over `cache` (the store's members table), read and expired on `clock` (wall time). */
export function createUnfurlNotes(cache: MemberCache, clock: Clock): UnfurlNotes {
  const now = () => clock.now().getTime();
  return {
    async classic(teamId) {
      return (await cache.get(teamId, CLASSIC_KEY, now())) === true;
    },
    refuseWorkObjects: (teamId) => cache.put(teamId, CLASSIC_KEY, true, now() + CLASSIC_FOR_MS),
  };
}

const processNotes = new WeakMap<object, UnfurlNotes>();

/** The runtime's notes (the store's), or this process's memory for a runtime built without them (unit tests). */
export function unfurlNotesOf(runtime: {
  unfurlNotes?: UnfurlNotes;
  clock: Clock;
  wallClock?: Clock;
}): UnfurlNotes {
  if (runtime.unfurlNotes) return runtime.unfurlNotes;
  let notes = processNotes.get(runtime);
  if (!notes) {
    notes = createUnfurlNotes(memoryNoteCache(), runtime.wallClock ?? runtime.clock);
    processNotes.set(runtime, notes);
  }
  return notes;
}
