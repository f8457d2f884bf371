/**
 * The replay guard: the same signed request is seen once; while the store cannot answer, signed requests pass (and
 * the outage is logged once, its end once); without a store, claims in memory remember what was seen.
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import { createIdempotencyStore } from '../../../src/features/idempotency/index.js';
import { claimsFromIdempotencyStore } from '../../../src/features/writes/claims.js';
import { failingOpen, sightingsIn } from '../../../src/http/replay-guard.js';
import type { Logger } from '../../../src/logger.js';

function recordingLogger() {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines };
}

const request = { timestamp: '1700000000', signature: 'a'.repeat(64) };

describe('the replay guard', () => {
  it('lets a request through the first time only, without a store', async () => {
    const claims = claimsFromIdempotencyStore(createIdempotencyStore({ clock: systemClock }));
    const firstSighting = sightingsIn(undefined, claims);
    expect(await firstSighting(request)).toBe(true);
    expect(await firstSighting(request)).toBe(false);
    expect(await firstSighting({ ...request, signature: 'b'.repeat(64) })).toBe(true);
  });

  it('fails open while the store cannot answer, saying so once, and once more when it is back', async () => {
    const { logger, lines } = recordingLogger();
    let down = true;
    const guard = failingOpen(async () => {
      if (down) throw new Error('the store is unreachable');
      return false;
    }, logger);
    expect(await guard(request)).toBe(true);
    expect(await guard(request)).toBe(true);
    expect(lines).toEqual(['replay guard unavailable (store); letting signed requests through']);
    down = false;
    expect(await guard(request)).toBe(false);
    expect(await guard(request)).toBe(false);
    expect(lines).toEqual([
      'replay guard unavailable (store); letting signed requests through',
      'replay guard available again',
    ]);
  });
});
