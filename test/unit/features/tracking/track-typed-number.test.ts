/**
 * `/shipwatch track`'s use case without Slack: the lookup port (a failure already told there) and the adapter's
 * `track` are plain functions, so what is handed on — the carrier choice and the write's key — can be read directly.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { LookUp } from '../../../../src/features/commands/command-request.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { CarrierChoice } from '../../../../src/features/tracking/choose-carrier.js';
import {
  TRACK_COMMAND_ACTION,
  type TrackTypedInput,
  trackTypedNumber,
} from '../../../../src/features/tracking/track-typed-number.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';

const ctx: FeatureContext = {
  tenant: singleTenant(loadConfig({}), null),
  clock: fixedClock('2026-11-26T16:00:00Z'),
  logger: silentLogger,
};

const request = {
  userId: 'U0ALICE',
  teamId: 'T0OPS',
  channelId: 'C0OPS',
  requestId: 'trigger-1',
  number: 'MAEU240817361',
  scac: 'MAEU',
};

const certain: CarrierChoice = {
  kind: 'certain',
  number: 'MAEU240817361',
  requestType: 'bill_of_lading',
  scac: 'MAEU',
  carrier: 'Maersk',
};

function run(lookUp: LookUp, typed = request) {
  const tracked: Array<{ choice: CarrierChoice; input: TrackTypedInput }> = [];
  const done = trackTypedNumber(ctx, lookUp, typed, async (choice, input) => {
    tracked.push({ choice, input });
  });
  return { done, tracked };
}

describe('trackTypedNumber', () => {
  it('hands the chosen carrier on with the write of this command: one key per typed command', async () => {
    const subjects: string[] = [];
    const lookUp: LookUp = async (subject) => {
      subjects.push(subject);
      return { ok: true, value: certain as never };
    };
    const first = run(lookUp);
    const retried = run(lookUp);
    const typedAgain = run(lookUp, { ...request, requestId: 'trigger-2' });
    await Promise.all([first.done, retried.done, typedAgain.done]);
    expect(subjects).toEqual(['MAEU240817361', 'MAEU240817361', 'MAEU240817361']);
    const [one] = first.tracked;
    expect(one?.choice).toEqual(certain);
    expect(one?.input).toEqual({
      teamId: 'T0OPS',
      channelId: 'C0OPS',
      userId: 'U0ALICE',
      key: expect.stringMatching(/^command:T0OPS:U0ALICE:track:[0-9a-f]{32}$/),
      action: TRACK_COMMAND_ACTION,
    });
    expect(retried.tracked[0]?.input.key).toBe(one?.input.key);
    expect(typedAgain.tracked[0]?.input.key).not.toBe(one?.input.key);
  });

  it('stops when the lookup failed (the person was told there)', async () => {
    const { done, tracked } = run(async () => ({ ok: false }));
    await done;
    expect(tracked).toEqual([]);
  });
});
