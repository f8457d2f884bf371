import { describe, expect, it } from 'vitest';
import {
  type Clock,
  createAdjustableClock,
  fixedClock,
  isAdjustableClock,
  MAX_CLOCK_RATE,
} from '../../src/clock.js';

/** A base clock the test moves by hand. */
function manualClock(iso: string): Clock & { tick(ms: number): void; set(iso: string): void } {
  let at = Date.parse(iso);
  return {
    now: () => new Date(at),
    tick: (ms) => {
      at += ms;
    },
    set: (next) => {
      at = Date.parse(next);
    },
  };
}

describe('createAdjustableClock', () => {
  it('starts at the base clock and keeps its pace', () => {
    const base = manualClock('2026-03-10T15:30:00Z');
    const clock = createAdjustableClock(base);
    expect(clock.now().toISOString()).toBe('2026-03-10T15:30:00.000Z');
    base.tick(60_000);
    expect(clock.now().toISOString()).toBe('2026-03-10T15:31:00.000Z');
    expect(clock.rate).toBe(1);
  });

  it('jumps forward on advance() and keeps the base pace from there', () => {
    const base = manualClock('2026-03-10T15:30:00Z');
    const clock = createAdjustableClock(base);
    clock.advance(24 * 3_600_000);
    expect(clock.now().toISOString()).toBe('2026-03-11T15:30:00.000Z');
    base.tick(1_000);
    expect(clock.now().toISOString()).toBe('2026-03-11T15:30:01.000Z');
  });

  it('runs `rate` times faster while playing and at the base pace again after pause(), keeping what it gained', () => {
    const base = manualClock('2026-03-10T15:30:00Z');
    const clock = createAdjustableClock(base);
    clock.play(3_600);
    base.tick(2_000);
    expect(clock.now().toISOString()).toBe('2026-03-10T17:30:00.000Z');
    clock.pause();
    base.tick(2_000);
    expect(clock.now().toISOString()).toBe('2026-03-10T17:30:02.000Z');
    expect(clock.rate).toBe(1);
  });

  it('never goes back, even when the base clock does', () => {
    const base = manualClock('2026-03-10T15:30:00Z');
    const clock = createAdjustableClock(base);
    base.set('2026-03-10T15:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-03-10T15:30:00.000Z');
  });

  it.each([
    ['a negative advance', (clock: ReturnType<typeof createAdjustableClock>) => clock.advance(-1)],
    ['a fractional advance', (clock: ReturnType<typeof createAdjustableClock>) => clock.advance(0.5)],
    ['a rate below 1', (clock: ReturnType<typeof createAdjustableClock>) => clock.play(0.5)],
    [
      'a rate above the maximum',
      (clock: ReturnType<typeof createAdjustableClock>) => clock.play(MAX_CLOCK_RATE + 1),
    ],
  ])('refuses %s with a RangeError', (_, move) => {
    expect(() => move(createAdjustableClock(fixedClock('2026-03-10T15:30:00Z')))).toThrow(RangeError);
  });

  it('tells its listeners about every move, until they unsubscribe', () => {
    const clock = createAdjustableClock(fixedClock('2026-03-10T15:30:00Z'));
    const moves: number[] = [];
    const unsubscribe = clock.onChange(() => moves.push(clock.now().getTime()));
    clock.advance(1_000);
    clock.play(10);
    unsubscribe();
    clock.pause();
    expect(moves).toEqual([Date.parse('2026-03-10T15:30:01Z'), Date.parse('2026-03-10T15:30:01Z')]);
  });

  it('is told apart from a plain clock', () => {
    expect(isAdjustableClock(createAdjustableClock())).toBe(true);
    expect(isAdjustableClock(fixedClock('2026-03-10T15:30:00Z'))).toBe(false);
  });
});
