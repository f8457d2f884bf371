/**
 * The policy's "who is this person" port (people.ts) with a memory: answers asked of the chat platform (Slack's
 * users.info and usergroups.users.list, slack/policy/member-directory.ts) are kept for a TTL on the injected clock, in
 * a cache that is the store's when there is one (shared by replicas, kept across restarts) and a bounded in-process
 * map otherwise. Concurrent lookups of the same key share one call; failures are not cached, so the next click asks
 * again; a cache that cannot be read (database down) is skipped, not fatal.
 */
import type { Clock } from '../../clock.js';
import type { Member, People } from './people.js';

/** Where answers are kept: `store.members` has this shape. */
export interface MemberCache {
  get(teamId: string, key: string, now: number): Promise<unknown>;
  put(teamId: string, key: string, value: unknown, expiresAt: number): Promise<void>;
}

export interface PeopleCacheOptions {
  clock: Clock;
  /** Default 5 minutes: guest status and group membership change rarely, and a stale "yes" is short-lived. */
  ttlMs?: number;
  cache?: MemberCache;
}

/** The cached answers, each asked of `source` (the platform, for one request) when the cache has none. */
export interface PeopleCache {
  /** Who `userId` is. Rejects when the platform cannot tell. */
  member(source: People, teamId: string | null, userId: string): Promise<Member>;
  /** Members of a user group (S…). Rejects when the platform cannot tell. */
  groupMembers(source: People, teamId: string | null, groupId: string): Promise<ReadonlySet<string>>;
}

export function createPeopleCache(options: PeopleCacheOptions): PeopleCache {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const cache = options.cache ?? createMemoryCache();
  const pending = new Map<string, Promise<unknown>>();

  /** The cached answer, or `load()`'s (one call at a time per key), kept for the TTL. */
  const lookUp = async <T>(
    teamId: string | null,
    key: string,
    load: () => Promise<T>,
    read: (cached: unknown) => T | null,
    write: (value: T) => unknown,
  ): Promise<T> => {
    const team = teamId ?? '-';
    const now = options.clock.now().getTime();
    const cached = await cache.get(team, key, now).catch(() => null);
    const hit = cached === null ? null : read(cached);
    if (hit !== null) return hit;
    const slot = `${team}:${key}`;
    const inFlight = pending.get(slot);
    // SAFETY: the promise under this slot was created below by a load() for the same key, hence of type T.
    if (inFlight) return inFlight as Promise<T>;
    const loading = load().finally(() => pending.delete(slot));
    pending.set(slot, loading);
    const value = await loading;
    await cache.put(team, key, write(value), now + ttlMs).catch(() => {});
    return value;
  };

  return {
    member: (source, teamId, userId) =>
      lookUp(
        teamId,
        `user:${userId}`,
        () => source.member(teamId, userId),
        readMember,
        (member) => member,
      ),
    groupMembers: (source, teamId, groupId) =>
      lookUp(
        teamId,
        `group:${groupId}`,
        () => source.groupMembers(teamId, groupId),
        (cached) =>
          isRecord(cached) && Array.isArray(cached.members)
            ? new Set(cached.members.filter((id): id is string => typeof id === 'string'))
            : null,
        (members) => ({ members: [...members] }),
      ),
  };
}

function readMember(cached: unknown): Member | null {
  // An answer cached before names were kept is read again from the platform.
  if (!isRecord(cached) || typeof cached.guest !== 'boolean' || !('name' in cached)) return null;
  return {
    guest: cached.guest,
    teamId: typeof cached.teamId === 'string' ? cached.teamId : null,
    enterpriseId: typeof cached.enterpriseId === 'string' ? cached.enterpriseId : null,
    stranger: cached.stranger === true,
    admin: cached.admin === true,
    timeZone: typeof cached.timeZone === 'string' ? cached.timeZone : null,
    name: typeof cached.name === 'string' ? cached.name : null,
  };
}

/** Without a store: a map of at most `maxEntries` answers, oldest dropped first. */
function createMemoryCache(maxEntries = 10_000): MemberCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get(teamId, key, now) {
      const entry = entries.get(`${teamId}:${key}`);
      return entry && entry.expiresAt > now ? entry.value : null;
    },
    async put(teamId, key, value, expiresAt) {
      const slot = `${teamId}:${key}`;
      entries.delete(slot);
      entries.set(slot, { value, expiresAt });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
