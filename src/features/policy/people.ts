/**
 * The "who is this person" port: what the policy rules need to know about people, asked of the chat platform of one
 * workspace. Slack implements it with users.info and usergroups.users.list (`slack/policy/member-directory.ts`) behind
 * a cache (`people-cache.ts`); the rules only see guests, members, admins and groups.
 */

/** A person as the write policy sees them. */
export interface Member {
  /** A single- or multi-channel guest. */
  guest: boolean;
  /** The person's own workspace (`users.info` team_id); null when Slack did not say. */
  teamId: string | null;
  /** Their Enterprise Grid organisation, when they belong to one. */
  enterpriseId: string | null;
  /** Slack Connect: someone this workspace only sees through a shared channel. */
  stranger: boolean;
  /** A workspace admin or owner (who may connect a Terminal49 key in OAuth mode). */
  admin: boolean;
  /** Their own time zone (`users.info` tz: a digest's time, a snooze shown in their zone); null when Slack did not say. */
  timeZone: string | null;
  /**
   * The person's name for people outside Slack (the owner mirrored to Terminal49): their full name, else their
   * display name; null when their profile has neither.
   */
  name?: string | null;
}

export interface People {
  /** Who `userId` is, seen from workspace `teamId`. Rejects when the platform cannot tell. */
  member(teamId: string | null, userId: string): Promise<Member>;
  /** Members of a user group (S…). Rejects when the platform cannot tell. */
  groupMembers(teamId: string | null, groupId: string): Promise<ReadonlySet<string>>;
}
