import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/clock.js';
import {
  checkReadPermission,
  checkWritePermission,
  createMemberDirectory,
  type DirectoryClient,
} from '../../../../src/slack/policy/index.js';

function manualClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

interface FakeUser {
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
}

function fakeSlack(users: Record<string, FakeUser>, groups: Record<string, string[]> = {}) {
  const calls: string[] = [];
  const client: DirectoryClient = {
    users: {
      info: async ({ user }) => {
        calls.push(`users.info:${user}`);
        const found = users[user];
        if (!found) throw new Error('user_not_found');
        return { ok: true, user: found };
      },
    },
    usergroups: {
      users: {
        list: async ({ usergroup }) => {
          calls.push(`usergroups.users.list:${usergroup}`);
          const members = groups[usergroup];
          if (!members) throw new Error('no_such_subteam');
          return { ok: true, users: members };
        },
      },
    },
  };
  return { client, calls };
}

const policy = (editors: string[] = [], channels: string[] = []) => ({ policy: { editors, channels } });
const write = (userId: string, channelId = 'C1') => ({
  userId,
  teamId: 'T1',
  channelId,
  action: 'document_rotate_90',
});

describe('checkWritePermission', () => {
  const users = { UMEMBER: {}, UGUEST: { is_restricted: true }, USINGLE: { is_ultra_restricted: true } };

  it('lets a full member write by default', async () => {
    const slack = fakeSlack(users);
    const decision = await checkWritePermission(write('UMEMBER'), {
      config: policy(),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    });
    expect(decision).toEqual({ allowed: true });
  });

  it('refuses multi- and single-channel guests, saying why', async () => {
    const slack = fakeSlack(users);
    const deps = {
      config: policy(),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    };
    for (const guest of ['UGUEST', 'USINGLE']) {
      const decision = await checkWritePermission(write(guest), deps);
      expect(decision).toMatchObject({ allowed: false, code: 'guest' });
      expect(decision.allowed ? '' : decision.reason).toMatch(/Guests can look at Shipwatch cards/);
    }
  });

  it('refuses when Slack cannot say who the user is (fail closed)', async () => {
    const slack = fakeSlack({});
    const decision = await checkWritePermission(write('UNKNOWN'), {
      config: policy(),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    });
    expect(decision).toMatchObject({ allowed: false, code: 'lookup_failed' });
  });

  it('narrows writes to listed editors and members of listed user groups', async () => {
    const slack = fakeSlack({ UALICE: {}, UBOB: {}, UCAROL: {} }, { SOPS: ['UBOB'] });
    const deps = {
      config: policy(['UALICE', 'SOPS']),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    };
    expect(await checkWritePermission(write('UALICE'), deps)).toEqual({ allowed: true });
    expect(await checkWritePermission(write('UBOB'), deps)).toEqual({ allowed: true });
    expect(await checkWritePermission(write('UCAROL'), deps)).toMatchObject({
      allowed: false,
      code: 'not_editor',
    });
  });

  it('still refuses a guest who is listed as an editor', async () => {
    const slack = fakeSlack(users);
    const deps = {
      config: policy(['UGUEST']),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    };
    expect(await checkWritePermission(write('UGUEST'), deps)).toMatchObject({
      allowed: false,
      code: 'guest',
    });
  });

  it('caches guest status and group members until the TTL passes', async () => {
    const clock = manualClock();
    const slack = fakeSlack({ UBOB: {} }, { SOPS: ['UBOB'] });
    const deps = {
      config: policy(['SOPS']),
      directory: createMemberDirectory({ clock, ttlMs: 60_000 }),
      client: slack.client,
    };
    await checkWritePermission(write('UBOB'), deps);
    await checkWritePermission(write('UBOB'), deps);
    expect(slack.calls).toEqual(['usergroups.users.list:SOPS', 'users.info:UBOB']);
    clock.advance(60_000);
    await checkWritePermission(write('UBOB'), deps);
    expect(slack.calls).toHaveLength(4);
  });

  it('asks Slack again after a failed lookup instead of caching the failure', async () => {
    const users: Record<string, FakeUser> = {};
    const slack = fakeSlack(users);
    const deps = {
      config: policy(),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    };
    expect(await checkWritePermission(write('ULATE'), deps)).toMatchObject({ allowed: false });
    users.ULATE = {};
    expect(await checkWritePermission(write('ULATE'), deps)).toEqual({ allowed: true });
  });

  it('refuses writes outside the allowed channels without asking Slack', async () => {
    const slack = fakeSlack(users);
    const decision = await checkWritePermission(write('UMEMBER', 'COTHER'), {
      config: policy([], ['C1']),
      directory: createMemberDirectory({ clock: manualClock() }),
      client: slack.client,
    });
    expect(decision).toMatchObject({ allowed: false, code: 'channel_not_allowed' });
    expect(slack.calls).toEqual([]);
  });
});

describe('checkReadPermission', () => {
  it('allows every channel when none are configured, and only the listed ones otherwise', () => {
    expect(checkReadPermission({ channelId: 'C9' }, { config: policy() })).toEqual({ allowed: true });
    expect(checkReadPermission({ channelId: 'C1' }, { config: policy([], ['C1']) })).toEqual({
      allowed: true,
    });
    expect(checkReadPermission({ channelId: 'C9' }, { config: policy([], ['C1']) })).toMatchObject({
      allowed: false,
      code: 'channel_not_allowed',
    });
  });
});
