/**
 * `/shipwatch settings` as a use case, with no Slack in sight: who people are and the installing workspace are ports.
 * A guest is told before the form opens, and the refusal is logged; a member gets the form filled with the channel's
 * settings; when the platform is too slow to say who someone is, the form opens anyway (saving checks again).
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { Member, People } from '../../../../src/features/policy/index.js';
import { channelSettingsForm } from '../../../../src/features/watching/settings-request.js';
import type { Logger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import { DEFAULT_CHANNEL_SETTINGS, type WatchService } from '../../../../src/watch/index.js';
import { memberOf } from '../../../helpers/features/member.js';

const REQUEST = { userId: 'U1', teamId: 'T1', channelId: 'C1', requestId: 'trigger-1' };
const HOME = { teamId: 'T1', enterpriseId: null };

function world(member: Partial<Member> | 'late') {
  const logged: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn: (_message, fields) => void logged.push(fields ?? {}),
    error() {},
  };
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger,
    // SAFETY: the use case reads only `settings`.
    watching: { settings: async () => DEFAULT_CHANNEL_SETTINGS } as unknown as WatchService,
  };
  const people: People = {
    member: () => (member === 'late' ? new Promise<Member>(() => {}) : Promise.resolve(memberOf(member))),
    groupMembers: async () => new Set<string>(),
  };
  return { ctx, ports: { people, home: () => HOME }, logged };
}

describe("the channel's settings as a use case", () => {
  it('tells a guest before the form opens, and logs the refusal', async () => {
    const { ctx, ports, logged } = world({ guest: true });
    const answer = await channelSettingsForm(ctx, ports, REQUEST);
    expect(answer).toMatchObject({ kind: 'tell', message: { text: expect.stringContaining('Guests') } });
    expect(logged).toEqual([
      expect.objectContaining({ user: 'U1', channel: 'C1', target: 'C1', outcome: 'denied:guest' }),
    ]);
  });

  it('gives a member the form for this channel', async () => {
    const { ctx, ports } = world({});
    const answer = await channelSettingsForm(ctx, ports, REQUEST);
    expect(answer.kind).toBe('form');
    expect(JSON.stringify(answer)).toContain('C1');
  });

  it('opens the form when who the person is does not come in time', async () => {
    const { ctx, ports } = world('late');
    expect((await channelSettingsForm(ctx, ports, REQUEST)).kind).toBe('form');
  }, 5_000);
});
