import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/clock.js';
import {
  checkReadPermission,
  checkWritePermission,
  type HomeWorkspace,
} from '../../../../src/features/policy/index.js';
import {
  createMemberDirectory,
  type DirectoryClient,
  peopleOf,
} from '../../../../src/slack/policy/member-directory.js';

function manualClock(): Clock & { advance(ms: number): void } {
  let now = 0;
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

interface FakeUser {
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  team_id?: string;
  is_stranger?: boolean;
  enterprise_user?: { enterprise_id?: string };
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

const policy = (editors: string[] = [], channels: string[] = []) => ({ editors, channels });
/** The workspace that installed the bot. */
const HOME = (): HomeWorkspace | null => ({ teamId: 'T1', enterpriseId: null });
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
      settings: policy(),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
    });
    expect(decision).toEqual({ allowed: true });
  });

  it('refuses multi- and single-channel guests, saying why', async () => {
    const slack = fakeSlack(users);
    const deps = {
      settings: policy(),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
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
      settings: policy(),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
    });
    expect(decision).toMatchObject({ allowed: false, code: 'lookup_failed' });
  });

  it('narrows writes to listed editors and members of listed user groups', async () => {
    const slack = fakeSlack({ UALICE: {}, UBOB: {}, UCAROL: {} }, { SOPS: ['UBOB'] });
    const deps = {
      settings: policy(['UALICE', 'SOPS']),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
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
      settings: policy(['UGUEST']),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
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
      settings: policy(['SOPS']),
      people: peopleOf(createMemberDirectory({ clock, ttlMs: 60_000 }), slack.client),
      home: HOME,
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
      settings: policy(),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
    };
    expect(await checkWritePermission(write('ULATE'), deps)).toMatchObject({ allowed: false });
    users.ULATE = {};
    expect(await checkWritePermission(write('ULATE'), deps)).toEqual({ allowed: true });
  });

  it('refuses writes outside the allowed channels without asking Slack', async () => {
    const slack = fakeSlack(users);
    const decision = await checkWritePermission(write('UMEMBER', 'COTHER'), {
      settings: policy([], ['C1']),
      people: peopleOf(createMemberDirectory({ clock: manualClock() }), slack.client),
      home: HOME,
    });
    expect(decision).toMatchObject({ allowed: false, code: 'channel_not_allowed' });
    expect(slack.calls).toEqual([]);
  });
});

describe('checkReadPermission', () => {
  it('allows every channel when none are configured, and only the listed ones otherwise', () => {
    expect(checkReadPermission({ channelId: 'C9' }, { settings: policy() })).toEqual({ allowed: true });
    expect(checkReadPermission({ channelId: 'C1' }, { settings: policy([], ['C1']) })).toEqual({
      allowed: true,
    });
    expect(checkReadPermission({ channelId: 'C9' }, { settings: policy([], ['C1']) })).toMatchObject({
      allowed: false,
      code: 'channel_not_allowed',
    });
  });
});

describe('people from other organisations (Slack Connect, shared channels)', () => {
  const deps = (users: Record<string, FakeUser>, home = HOME) => ({
    settings: policy(),
    people: peopleOf(createMemberDirectory({ clock: manualClock() }), fakeSlack(users).client),
    home,
  });

  it('refuses a member of another workspace, naming why', async () => {
    const decision = await checkWritePermission(write('UOTHER'), deps({ UOTHER: { team_id: 'T2' } }));
    expect(decision).toMatchObject({ allowed: false, code: 'outsider' });
    expect(decision.allowed ? '' : decision.reason).toMatch(/other organisations/);
  });

  it('refuses someone Slack marks a stranger, whatever team they report', async () => {
    const decision = await checkWritePermission(
      write('USTRANGER'),
      deps({ USTRANGER: { team_id: 'T1', is_stranger: true } }),
    );
    expect(decision).toMatchObject({ allowed: false, code: 'outsider' });
  });

  it('lets a member of another workspace of the same Enterprise Grid organisation write', async () => {
    const grid = () => ({ teamId: 'T1', enterpriseId: 'E1' });
    const decision = await checkWritePermission(
      write('UGRID'),
      deps({ UGRID: { team_id: 'T9', enterprise_user: { enterprise_id: 'E1' } } }, grid),
    );
    expect(decision).toEqual({ allowed: true, userTeamId: 'T9' });
  });

  it('refuses a member of another Enterprise Grid organisation, reporting their own team for the log', async () => {
    const grid = () => ({ teamId: 'T1', enterpriseId: 'E1' });
    const decision = await checkWritePermission(
      write('UOTHERORG'),
      deps({ UOTHERORG: { team_id: 'T7', enterprise_user: { enterprise_id: 'E2' } } }, grid),
    );
    expect(decision).toMatchObject({ allowed: false, code: 'outsider', userTeamId: 'T7' });
  });

  it('lets a full member of the installing workspace write, and reports their team for the log', async () => {
    const decision = await checkWritePermission(write('UMEMBER'), deps({ UMEMBER: { team_id: 'T1' } }));
    expect(decision).toEqual({ allowed: true, userTeamId: 'T1' });
  });

  it('refuses while the bot does not yet know which workspace installed it (fail closed)', async () => {
    const decision = await checkWritePermission(
      write('UMEMBER'),
      deps({ UMEMBER: { team_id: 'T1' } }, () => null),
    );
    expect(decision).toMatchObject({ allowed: false, code: 'lookup_failed' });
  });
});
