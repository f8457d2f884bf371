/**
 * The Slack side of the policy's "who is this person" port (features/policy/people.ts), read from Slack and cached: who a user is (`users.info`: guest or
 * full member, their own workspace and organisation, a Slack Connect stranger or not) and who is in a user group
 * (`usergroups.users.list`). Answers
 * expire after a TTL on the injected clock, in a cache that is the store's when there is one (shared by replicas,
 * kept across restarts) and a bounded in-process map otherwise. Concurrent lookups of the same key share one call;
 * failures are not cached, so the next click asks again; a cache that cannot be read (database down) is skipped,
 * not fatal.
 */
import type { Clock } from '../../clock.js';
import type { Member, People } from '../../features/policy/people.js';

export type { Member } from '../../features/policy/people.js';

/** The two Web API methods used, as a structural subset of Bolt's WebClient (tests pass a fake). */
export interface DirectoryClient {
  users: {
    info(args: { user: string }): Promise<{
      ok?: boolean;
      user?: {
        is_restricted?: boolean;
        is_ultra_restricted?: boolean;
        team_id?: string;
        is_stranger?: boolean;
        is_admin?: boolean;
        is_owner?: boolean;
        is_primary_owner?: boolean;
        enterprise_user?: { enterprise_id?: string };
        /** The person's own time zone (IANA), as set in their Slack profile. */
        tz?: string;
        real_name?: string;
        profile?: { real_name?: string; display_name?: string };
      };
    }>;
  };
  usergroups: {
    users: {
      list(args: { usergroup: string }): Promise<{ ok?: boolean; users?: string[] }>;
    };
  };
}

export interface MemberDirectory {
  /** Who `userId` is. Rejects when Slack cannot tell. */
  member(client: DirectoryClient, teamId: string | null, userId: string): Promise<Member>;
  /** Members of a user group (S…). Rejects when Slack cannot tell. */
  groupMembers(client: DirectoryClient, teamId: string | null, groupId: string): Promise<ReadonlySet<string>>;
}

/** Where answers are kept: `store.members` has this shape. */
export interface MemberCache {
  get(teamId: string, key: string, now: number): Promise<unknown>;
  put(teamId: string, key: string, value: unknown, expiresAt: number): Promise<void>;
}

export interface MemberDirectoryOptions {
  clock: Clock;
  /** Default 5 minutes: guest status and group membership change rarely, and a stale "yes" is short-lived. */
  ttlMs?: number;
  cache?: MemberCache;
}

export function createMemberDirectory(options: MemberDirectoryOptions): MemberDirectory {
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
    member: (client, teamId, userId) =>
      lookUp(
        teamId,
        `user:${userId}`,
        async (): Promise<Member> => {
          const response = await client.users.info({ user: userId });
          const user = response.user;
          if (!user) throw new Error('users.info returned no user');
          return {
            guest: Boolean(user.is_restricted || user.is_ultra_restricted),
            teamId: typeof user.team_id === 'string' ? user.team_id : null,
            enterpriseId:
              typeof user.enterprise_user?.enterprise_id === 'string'
                ? user.enterprise_user.enterprise_id
                : null,
            stranger: user.is_stranger === true,
            admin: Boolean(user.is_admin || user.is_owner || user.is_primary_owner),
            timeZone: typeof user.tz === 'string' && user.tz !== '' ? user.tz : null,
            name: nameOf(user),
          };
        },
        readMember,
        (member) => member,
      ),
    groupMembers: (client, teamId, groupId) =>
      lookUp(
        teamId,
        `group:${groupId}`,
        async () => {
          const response = await client.usergroups.users.list({ usergroup: groupId });
          return new Set(response.users ?? []) as ReadonlySet<string>;
        },
        (cached) =>
          isRecord(cached) && Array.isArray(cached.members)
            ? new Set(cached.members.filter((id): id is string => typeof id === 'string'))
            : null,
        (members) => ({ members: [...members] }),
      ),
  };
}

function nameOf(user: { real_name?: string; profile?: { real_name?: string; display_name?: string } }) {
  for (const candidate of [user.profile?.real_name, user.real_name, user.profile?.display_name]) {
    const name = typeof candidate === 'string' ? candidate.trim() : '';
    if (name !== '') return name;
  }
  return null;
}

/** The "who is this person" port of the policy rules, answered through `client` (the request's WebClient). */
export function peopleOf(directory: MemberDirectory, client: DirectoryClient): People {
  return {
    member: (teamId, userId) => directory.member(client, teamId, userId),
    groupMembers: (teamId, groupId) => directory.groupMembers(client, teamId, groupId),
  };
}

function readMember(cached: unknown): Member | null {
  // An answer cached before names were kept is read again from Slack.
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
