/**
 * The member directory's name of a person (users.info): what the owner field mirrored to Terminal49 holds, read once
 * with what the write policy reads and cached with it.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createMemberDirectory, type DirectoryClient } from '../../../src/slack/policy/member-directory.js';

type Profile = NonNullable<Awaited<ReturnType<DirectoryClient['users']['info']>>['user']>;

function slackWith(users: Record<string, Profile>): DirectoryClient & { calls: number } {
  const client = {
    calls: 0,
    users: {
      info: async ({ user }: { user: string }) => {
        client.calls += 1;
        return { ok: true, user: users[user] ?? {} };
      },
    },
    usergroups: { users: { list: async () => ({ ok: true, users: [] }) } },
  };
  return client;
}

describe("a person's name in the member directory", () => {
  const directory = () => createMemberDirectory({ clock: fixedClock('2026-11-26T16:00:00Z') });

  it('is their full name, else their display name, else nothing', async () => {
    const slack = slackWith({
      UFULL: { profile: { real_name: 'Alice Martin', display_name: 'alice' } },
      UHANDLE: { profile: { real_name: ' ', display_name: 'bob' } },
      UNONE: { profile: {} },
    });
    const names = directory();
    expect((await names.member(slack, 'T1', 'UFULL')).name).toBe('Alice Martin');
    expect((await names.member(slack, 'T1', 'UHANDLE')).name).toBe('bob');
    expect((await names.member(slack, 'T1', 'UNONE')).name).toBeNull();
  });

  it('is cached with the rest of what users.info says, and an answer cached without a name is asked again', async () => {
    const slack = slackWith({ UFULL: { profile: { real_name: 'Alice Martin' } } });
    const stored = new Map<string, unknown>([['T1:user:UFULL', { guest: false, teamId: 'T1' }]]);
    const names = createMemberDirectory({
      clock: fixedClock('2026-11-26T16:00:00Z'),
      cache: {
        get: async (teamId, key) => stored.get(`${teamId}:${key}`) ?? null,
        put: async (teamId, key, value) => void stored.set(`${teamId}:${key}`, value),
      },
    });
    expect((await names.member(slack, 'T1', 'UFULL')).name).toBe('Alice Martin');
    expect((await names.member(slack, 'T1', 'UFULL')).name).toBe('Alice Martin');
    expect(slack.calls).toBe(1);
  });
});
