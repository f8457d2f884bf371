/**
 * How long a finished write refuses a repeat. A double-click is a repeat for a few seconds; a key that names one
 * delivered payload (a view submission, a typed command's trigger) is refused for as long as its signed request could
 * be replayed, so even a replay that got past the replay guard writes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/clock.js';
import { ledgerFromStore } from '../../../../src/features/writes/store-ledger.js';
import { embeddedHarness } from '../../store/helpers/stores.js';

function movableClock(start: string): Clock & { advance(ms: number): void } {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}

const TIMING = { inFlightMs: 60_000, duplicateWindowMs: 5_000 };
const REPLAY_WINDOW_MS = 10 * 60_000;

describe('the write ledger on the store', () => {
  const harness = embeddedHarness();
  afterEach(async () => harness.dispose());

  it('lets the same button intent run again once the double-click window has passed', async () => {
    const clock = movableClock('2026-03-01T00:00:00Z');
    const ledger = ledgerFromStore((await harness.open()).intents, { owner: 'p1', clock, ...TIMING });
    const intent = { action: 'document_rotate_90', target: 'doc-1' };
    expect(await ledger.begin('button:rotate', intent)).toBe(true);
    await ledger.finish('button:rotate');
    clock.advance(4_000);
    expect(await ledger.begin('button:rotate', intent)).toBe(false);
    clock.advance(2_000);
    expect(await ledger.begin('button:rotate', intent)).toBe(true);
  });

  it('refuses a replayed form submission for the whole replay window, then forgets it', async () => {
    const clock = movableClock('2026-03-01T00:00:00Z');
    const ledger = ledgerFromStore((await harness.open()).intents, { owner: 'p1', clock, ...TIMING });
    const intent = { action: 'custom_field_save', target: 'container-1', repeatWindowMs: REPLAY_WINDOW_MS };
    expect(await ledger.begin('view:V1:abc', intent)).toBe(true);
    await ledger.finish('view:V1:abc');
    for (const later of [6_000, 60_000, 4 * 60_000]) {
      clock.advance(later);
      expect(await ledger.begin('view:V1:abc', intent), `${later} ms later`).toBe(false);
    }
    clock.advance(REPLAY_WINDOW_MS);
    expect(await ledger.begin('view:V1:abc', intent)).toBe(true);
  });

  it('lets a failed submission be tried again at once', async () => {
    const clock = movableClock('2026-03-01T00:00:00Z');
    const ledger = ledgerFromStore((await harness.open()).intents, { owner: 'p1', clock, ...TIMING });
    const intent = { action: 'custom_field_save', target: 'container-1', repeatWindowMs: REPLAY_WINDOW_MS };
    expect(await ledger.begin('view:V2:abc', intent)).toBe(true);
    await ledger.fail('view:V2:abc');
    expect(await ledger.begin('view:V2:abc', intent)).toBe(true);
  });
});
