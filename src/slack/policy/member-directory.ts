/**
 * What the write policy needs to know about people, read from Slack and cached: whether a user is a guest
 * (`users.info` is_restricted / is_ultra_restricted) and who is in a user group (`usergroups.users.list`). Entries
 * expire after a TTL on the injected clock; concurrent lookups of the same key share one call; failures are not
 * cached, so the next click asks again.
 */
import type { Clock } from '../../clock.js';

/** The two Web API methods used, as a structural subset of Bolt's WebClient (tests pass a fake). */
export interface DirectoryClient {
  users: {
    info(args: { user: string }): Promise<{
      ok?: boolean;
      user?: { is_restricted?: boolean; is_ultra_restricted?: boolean };
    }>;
  };
  usergroups: {
    users: {
      list(args: { usergroup: string }): Promise<{ ok?: boolean; users?: string[] }>;
    };
  };
}

export interface MemberDirectory {
  /** True for single- and multi-channel guests. Rejects when Slack cannot tell. */
  isGuest(client: DirectoryClient, teamId: string | null, userId: string): Promise<boolean>;
  /** Members of a user group (S…). Rejects when Slack cannot tell. */
  groupMembers(client: DirectoryClient, teamId: string | null, groupId: string): Promise<ReadonlySet<string>>;
}

export interface MemberDirectoryOptions {
  clock: Clock;
  /** Default 5 minutes: guest status and group membership change rarely, and a stale "yes" is short-lived. */
  ttlMs?: number;
}

export function createMemberDirectory(options: MemberDirectoryOptions): MemberDirectory {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const guests = createCache<boolean>(options.clock, ttlMs);
  const groups = createCache<ReadonlySet<string>>(options.clock, ttlMs);
  return {
    isGuest: (client, teamId, userId) =>
      guests.get(`${teamId ?? '-'}:${userId}`, async () => {
        const response = await client.users.info({ user: userId });
        if (!response.user) throw new Error('users.info returned no user');
        return Boolean(response.user.is_restricted || response.user.is_ultra_restricted);
      }),
    groupMembers: (client, teamId, groupId) =>
      groups.get(`${teamId ?? '-'}:${groupId}`, async () => {
        const response = await client.usergroups.users.list({ usergroup: groupId });
        return new Set(response.users ?? []);
      }),
  };
}

function createCache<T>(clock: Clock, ttlMs: number) {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = load();
      entries.set(key, { value, expiresAt: now + ttlMs });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}
