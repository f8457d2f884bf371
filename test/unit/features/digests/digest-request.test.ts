/**
 * `/shipwatch digest` as a use case, with no Slack in sight: digests as a map, the write runner port recording the
 * spec it is handed (and running its write), and who people are as a port that answers with a zone, or too late.
 * `now` posts the composed digest in the channel; `off` with no digest says so without a write; setting one writes
 * through the runner under the command's key, in the person's zone, or in UTC (said as a guess) when their zone did
 * not come in time.
 */
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import { answerDigestRequest, DIGEST_WHAT } from '../../../../src/features/digests/digest-request.js';
import { hashOf } from '../../../../src/features/idempotency/index.js';
import type { Member, People } from '../../../../src/features/policy/index.js';
import type { WriteSpec } from '../../../../src/features/writes/write-flow.js';
import type { RunWrite } from '../../../../src/features/writes/write-runner.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { WatchService } from '../../../../src/watch/index.js';
import type { DigestSetting } from '../../../../src/watch/settings.js';
import { memberOf } from '../../../helpers/features/member.js';

const REQUEST = { userId: 'U1', teamId: 'T1', channelId: 'C1', requestId: 'trigger-1' };
const COMPOSED: SlackMessage = { text: 'Digest', blocks: [] };

function world(options: { store?: boolean; zone?: string | null | 'late' } = {}) {
  const settings = new Map<string, DigestSetting>();
  const digests = {
    async composeNow() {
      return { content: {}, message: COMPOSED };
    },
    async setting(teamId: string, channelId: string) {
      return settings.get(`${teamId}/${channelId}`) ?? null;
    },
    async schedule(teamId: string, channelId: string, setting: DigestSetting | null) {
      if (setting === null) settings.delete(`${teamId}/${channelId}`);
      else settings.set(`${teamId}/${channelId}`, setting);
      return setting === null ? null : Date.parse('2026-11-27T07:00:00Z');
    },
  };
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), null),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
    // SAFETY: the use case reads only `digests`.
    ...(options.store === false ? {} : { watching: { digests } as unknown as WatchService }),
  };
  const specs: Array<WriteSpec<unknown>> = [];
  const audited: SlackMessage[] = [];
  const runWrite: RunWrite = async (spec) => {
    specs.push(spec as WriteSpec<unknown>);
    audited.push(spec.auditLine(await spec.write()));
    return 'written';
  };
  const zone = options.zone === undefined ? 'Europe/Amsterdam' : options.zone;
  const people: People = {
    member: (_teamId, _userId) =>
      zone === 'late' ? new Promise<Member>(() => {}) : Promise.resolve(memberOf({ timeZone: zone })),
    groupMembers: async () => new Set<string>(),
  };
  return { ctx, ports: { runWrite, people }, specs, audited, settings };
}

describe('the digest command as a use case', () => {
  it('says a digest needs the store, and reads the words before anything else', async () => {
    const { ctx, ports } = world({ store: false });
    const answer = await answerDigestRequest(ctx, ports, { ...REQUEST, text: '08:00' });
    expect(answer.kind).toBe('tell');
    const stored = world();
    expect(await answerDigestRequest(stored.ctx, stored.ports, { ...REQUEST, text: 'soon' })).toEqual({
      kind: 'usage',
      problem: '`soon` is not a time: write it as HH:MM, e.g. 08:00.',
    });
    const nowhere = await answerDigestRequest(stored.ctx, stored.ports, {
      ...REQUEST,
      channelId: null,
      text: 'now',
    });
    expect(nowhere).toMatchObject({
      kind: 'tell',
      message: { text: expect.stringContaining('belongs to a channel') },
    });
  });

  it('posts the digest now in the channel, with no write', async () => {
    const { ctx, ports, specs } = world();
    expect(await answerDigestRequest(ctx, ports, { ...REQUEST, text: 'now' })).toEqual({
      kind: 'post',
      message: COMPOSED,
    });
    expect(specs).toEqual([]);
  });

  it('says there is no digest to stop, without a write', async () => {
    const { ctx, ports, specs } = world();
    const answer = await answerDigestRequest(ctx, ports, { ...REQUEST, text: 'off' });
    expect(answer.kind).toBe('tell');
    expect(specs).toEqual([]);
  });

  it("sets the digest through the write runner, under the command's key, in the person's zone", async () => {
    const { ctx, ports, specs, settings } = world();
    expect(await answerDigestRequest(ctx, ports, { ...REQUEST, text: '08:00 weekdays' })).toEqual({
      kind: 'done',
    });
    expect(specs[0]).toMatchObject({
      action: 'shipwatch_digest',
      key: `command:T1:U1:digest:${hashOf(['C1', '8:0:true', 'trigger-1'])}`,
      target: 'C1',
      what: DIGEST_WHAT,
      actor: { userId: 'U1', teamId: 'T1' },
      channelId: 'C1',
    });
    expect(settings.get('T1/C1')).toMatchObject({
      hour: 8,
      minute: 0,
      timeZone: 'Europe/Amsterdam',
      workingDaysOnly: true,
      setBy: 'U1',
    });
    await answerDigestRequest(ctx, ports, { ...REQUEST, requestId: 'trigger-2', text: 'off' });
    expect(specs[1]?.key).toBe(`command:T1:U1:digest:${hashOf(['C1', 'off', 'trigger-2'])}`);
    expect(settings.has('T1/C1')).toBe(false);
  });

  it('reads the time as UTC when the zone does not come in time', async () => {
    const { ctx, ports, settings } = world({ zone: 'late' });
    await answerDigestRequest(ctx, ports, { ...REQUEST, text: '09:30' });
    expect(settings.get('T1/C1')).toMatchObject({ hour: 9, minute: 30, timeZone: 'UTC' });
  }, 5_000);
});
