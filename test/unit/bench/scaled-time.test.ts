import { describe, expect, it } from 'vitest';
import { maxInWindow } from '../../../bench/lib/scaled-time.js';

describe('maxInWindow', () => {
  it('finds the busiest rolling window, not just aligned minutes', () => {
    // 2 sends late in minute one and 2 early in minute two fall inside one rolling minute.
    expect(maxInWindow([0, 50_000, 55_000, 61_000, 62_000, 200_000], 60_000)).toBe(4);
  });

  it('does not count an event exactly one window later as inside the window', () => {
    expect(maxInWindow([0, 60_000], 60_000)).toBe(1);
  });

  it('is zero for no events', () => {
    expect(maxInWindow([], 60_000)).toBe(0);
  });
});
