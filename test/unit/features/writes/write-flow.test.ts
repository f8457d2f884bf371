/**
 * The write flow on its own ports, with no Slack in sight: a fake directory of people, replies that record what was
 * said, and a form answered through a callback. The Slack-side adapter (slack/write/run-write.ts) is covered by the
 * interaction tests.
 */
import { describe, expect, it } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { createIdempotencyStore } from '../../../../src/features/idempotency/index.js';
import type { Member, People } from '../../../../src/features/policy/index.js';
import { claimsFromIdempotencyStore } from '../../../../src/features/writes/claims.js';
import {
  type FormAnswer,
  runWriteFlow,
  type WriteFlowContext,
  type WriteSpec,
} from '../../../../src/features/writes/write-flow.js';
import { createClaimsLedger } from '../../../../src/features/writes/write-ledger.js';
import { silentLogger } from '../../../../src/logger.js';
import { memberOf } from '../../../helpers/features/member.js';

const HOME = { teamId: 'T1', enterpriseId: null };

function person(overrides: Partial<Member> = {}): Member {
  return memberOf(overrides);
}

function world(members: Record<string, Member>) {
  const told: string[] = [];
  const announced: string[] = [];
  const people: People = {
    member: async (_team, userId) => {
      const member = members[userId];
      if (!member) throw new Error('unknown person');
      return member;
    },
    groupMembers: async () => new Set(),
  };
  const ctx: WriteFlowContext = {
    logger: silentLogger,
    ledger: createClaimsLedger(
      claimsFromIdempotencyStore(createIdempotencyStore({ clock: fixedClock('2026-01-05T09:00:00Z') })),
      {
        inFlightMs: 60_000,
        duplicateWindowMs: 5_000,
      },
    ),
    writeDeadlineMs: 2_000,
    settings: { editors: [], channels: [] },
    people,
    home: () => HOME,
    replies: {
      origin: { card: { threadTs: '1.1', isPrivate: false } },
      tell: async (message: SlackMessage) => void told.push(message.text),
      announce: async (message: SlackMessage) => void announced.push(message.text),
    },
  };
  return { ctx, told, announced };
}

function spec(userId: string, write: () => Promise<string>, key = `key-${userId}`): WriteSpec<string> {
  return {
    action: 'custom_field.set',
    key,
    target: 'TCLU1234568',
    actor: { userId, teamId: 'T1' },
    channelId: 'C1',
    write,
    auditLine: (result) => ({ text: `set to ${result}`, blocks: [] }),
    describeFailure: () => 'It failed.',
  };
}

describe('the write flow without Slack', () => {
  it('writes once for a member, then leaves the audit line for the team', async () => {
    const { ctx, announced, told } = world({ UMEMBER: person() });
    let writes = 0;
    const write = async () => `value ${++writes}`;
    expect(await runWriteFlow(ctx, spec('UMEMBER', write), { kind: 'acked' })).toBe('written');
    expect(await runWriteFlow(ctx, spec('UMEMBER', write), { kind: 'acked' })).toBe('duplicate');
    expect(writes).toBe(1);
    expect(announced).toEqual(['set to value 1']);
    expect(told).toEqual([]);
  });

  it('refuses a guest in words for them alone, and never writes', async () => {
    const { ctx, announced, told } = world({ UGUEST: person({ guest: true }) });
    let wrote = false;
    const outcome = await runWriteFlow(
      ctx,
      spec('UGUEST', async () => {
        wrote = true;
        return 'x';
      }),
      { kind: 'acked' },
    );
    expect(outcome).toBe('denied');
    expect(wrote).toBe(false);
    expect(told.join(' ')).toMatch(/Guests can look at Shipwatch cards/);
    expect(announced).toEqual([]);
  });

  it('answers a form with the errors of a write that failed in time, and lets the same values be tried again', async () => {
    const { ctx, told } = world({ UMEMBER: person() });
    const answers: FormAnswer[] = [];
    const form = {
      kind: 'form' as const,
      answer: async (reply: FormAnswer) => void answers.push(reply),
      startedAt: performance.now(),
      refusalBlockId: 'field',
      errorsFor: () => ({ value: 'Terminal49 refused the change.' }),
    };
    const failing = spec('UMEMBER', () => Promise.reject(new Error('refused')), 'form-key');
    expect(await runWriteFlow(ctx, failing, form)).toBe('failed');
    expect(answers).toEqual([{ kind: 'errors', errors: { value: 'Terminal49 refused the change.' } }]);
    expect(told).toEqual([]);

    const working = spec('UMEMBER', async () => 'ok', 'form-key');
    expect(await runWriteFlow(ctx, working, form)).toBe('written');
    expect(answers.at(-1)).toEqual({ kind: 'close' });
  });

  it('refuses in the form when nobody can say who the person is (fail closed)', async () => {
    const { ctx } = world({});
    const answers: FormAnswer[] = [];
    const outcome = await runWriteFlow(
      ctx,
      spec('USTRANGER', async () => 'x'),
      {
        kind: 'form',
        answer: async (reply) => void answers.push(reply),
        startedAt: performance.now(),
        refusalBlockId: 'field',
        errorsFor: () => ({}),
      },
    );
    expect(outcome).toBe('denied');
    expect(answers).toEqual([{ kind: 'errors', errors: { field: expect.stringMatching(/couldn't check/) } }]);
  });
});
