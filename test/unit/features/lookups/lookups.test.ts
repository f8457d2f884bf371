/**
 * The lookups without Slack: a use case answers through the lookup port (features/lookups/lookup-replies.ts), so a
 * recording port shows what the person would see — the card and where, a private error card, the placeholder.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import { fixedClock } from '../../../../src/clock.js';
import { loadConfig } from '../../../../src/config/env.js';
import type { Visibility } from '../../../../src/features/card-replies.js';
import type { FeatureContext } from '../../../../src/features/context.js';
import type { LookupIo } from '../../../../src/features/lookups/lookup-replies.js';
import { whileLooking } from '../../../../src/features/lookups/while-looking.js';
import { showVessel } from '../../../../src/features/vessels/show-vessel.js';
import { silentLogger } from '../../../../src/logger.js';
import { singleTenant } from '../../../../src/tenancy/single-workspace.js';
import type { TrackingClient } from '../../../../src/tracking/tracking-client.js';
import { createFakeTracking } from '../../../helpers/fake-tracking-client.js';
import { vesselFixture } from '../../../helpers/slack/model-fixtures.js';

type Said =
  | { move: 'card'; message: SlackMessage; visibility: Visibility; subject: unknown }
  | { move: 'tell'; message: SlackMessage }
  | { move: 'pending'; message: SlackMessage; visibility: Visibility; closing: SlackMessage };

function world(tracking: Partial<TrackingClient> | null) {
  const said: Said[] = [];
  const io: LookupIo = {
    replies: {
      origin: { channelId: 'C0OPS' },
      async card(message, visibility, options) {
        said.push({ move: 'card', message, visibility, subject: options?.subject });
      },
      async tell(message) {
        said.push({ move: 'tell', message });
      },
      pending(message, visibility, closing) {
        said.push({ move: 'pending', message, visibility, closing });
      },
    },
    userId: 'U0ALICE',
    placeholderAfterMs: 1_500,
  };
  const account = tracking ? { id: 'acct-1', tracking: createFakeTracking(tracking).client } : null;
  const ctx: FeatureContext = {
    tenant: singleTenant(loadConfig({}), account),
    clock: fixedClock('2026-11-26T16:00:00Z'),
    logger: silentLogger,
  };
  return { ctx, io, said };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('showVessel', () => {
  it('posts the vessel card where it was asked, recorded under the vessel', async () => {
    const vessel = vesselFixture();
    const { ctx, io, said } = world({ getVessel: async () => vessel });
    await showVessel(ctx, io, { query: vessel.id, private: false });
    expect(said).toEqual([
      expect.objectContaining({
        move: 'card',
        visibility: 'channel',
        subject: { kind: 'vessel', subjectId: vessel.id },
      }),
    ]);
  });

  it('tells the person alone, with an error card, when the lookup fails, and posts nothing', async () => {
    const { ctx, io, said } = world(null);
    await showVessel(ctx, io, { query: '9321483', private: true });
    expect(said.map((entry) => entry.move)).toEqual(['tell']);
  });
});

describe('whileLooking', () => {
  it('shows the placeholder only when the lookup is slow, naming who got a private answer', async () => {
    vi.useFakeTimers();
    const { io, said } = world(null);
    let finish: (value: string) => void = () => {};
    const slow = whileLooking(
      io,
      { label: 'MAEU240817361', visibility: 'private' },
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    await vi.advanceTimersByTimeAsync(1_499);
    expect(said).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    finish('done');
    await expect(slow).resolves.toBe('done');
    expect(said).toEqual([
      {
        move: 'pending',
        message: expect.objectContaining({ text: ':mag: Looking up *MAEU240817361*…' }),
        visibility: 'private',
        closing: expect.objectContaining({
          text: ':mag: Looked up *MAEU240817361*: <@U0ALICE> got the answer privately.',
        }),
      },
    ]);
  });

  it('shows nothing for a quick lookup', async () => {
    vi.useFakeTimers();
    const { io, said } = world(null);
    await expect(whileLooking(io, { label: 'x', visibility: 'channel' }, async () => 1)).resolves.toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(said).toEqual([]);
  });
});
