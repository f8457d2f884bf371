/**
 * The Slack side of the policy's "who is this person" port (features/policy/people.ts): who a user is (`users.info`:
 * guest or full member, their own workspace and organisation, a Slack Connect stranger or not) and who is in a user
 * group (`usergroups.users.list`), asked through the request's client. The answers are kept by the features' cache
 * (features/policy/people-cache.ts: TTL, the store's cache, one call per key at a time).
 */
import type { Member, People } from '../../features/policy/people.js';
import { createPeopleCache, type PeopleCacheOptions } from '../../features/policy/people-cache.js';

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

/** The cached directory, asking Slack through the client each lookup is given. */
export function createMemberDirectory(options: PeopleCacheOptions): MemberDirectory {
  const cache = createPeopleCache(options);
  return {
    member: (client, teamId, userId) => cache.member(slackPeople(client), teamId, userId),
    groupMembers: (client, teamId, groupId) => cache.groupMembers(slackPeople(client), teamId, groupId),
  };
}

/** The "who is this person" port of the policy rules, answered through `client` (the request's WebClient). */
export function peopleOf(directory: MemberDirectory, client: DirectoryClient): People {
  return {
    member: (teamId, userId) => directory.member(client, teamId, userId),
    groupMembers: (teamId, groupId) => directory.groupMembers(client, teamId, groupId),
  };
}

/** Slack itself, uncached: one users.info or usergroups.users.list per question. */
function slackPeople(client: DirectoryClient): People {
  return {
    async member(_teamId, userId) {
      const response = await client.users.info({ user: userId });
      const user = response.user;
      if (!user) throw new Error('users.info returned no user');
      return {
        guest: Boolean(user.is_restricted || user.is_ultra_restricted),
        teamId: typeof user.team_id === 'string' ? user.team_id : null,
        enterpriseId:
          typeof user.enterprise_user?.enterprise_id === 'string' ? user.enterprise_user.enterprise_id : null,
        stranger: user.is_stranger === true,
        admin: Boolean(user.is_admin || user.is_owner || user.is_primary_owner),
        timeZone: typeof user.tz === 'string' && user.tz !== '' ? user.tz : null,
        name: nameOf(user),
      };
    },
    async groupMembers(_teamId, groupId) {
      const response = await client.usergroups.users.list({ usergroup: groupId });
      return new Set(response.users ?? []) as ReadonlySet<string>;
    },
  };
}

function nameOf(user: { real_name?: string; profile?: { real_name?: string; display_name?: string } }) {
  for (const candidate of [user.profile?.real_name, user.real_name, user.profile?.display_name]) {
    const name = typeof candidate === 'string' ? candidate.trim() : '';
    if (name !== '') return name;
  }
  return null;
}
