import { describe, expect, it } from 'vitest';
import { maxInWindow, median, percentile, summarize, unionLength } from '../../../bench/lib/stats.js';

describe('percentile', () => {
  it('returns an observed value by nearest rank rather than interpolating', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(5);
    expect(percentile(sorted, 90)).toBe(9);
    expect(percentile(sorted, 99)).toBe(10);
  });

  it('reports the maximum as p99 when there are fewer than 100 samples', () => {
    expect(percentile([3, 7, 42], 99)).toBe(42);
  });

  it('is NaN when nothing was measured, so an empty run cannot pass a target', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(summarize([]).p99).toBeNaN();
  });
});

describe('summarize', () => {
  it('sorts its input before ranking', () => {
    const summary = summarize([9, 1, 5]);
    expect(summary).toMatchObject({ count: 3, min: 1, p50: 5, max: 9, mean: 5 });
  });

  it('takes the median of unsorted values', () => {
    expect(median([4, 1, 3, 2, 5])).toBe(3);
  });
});

describe('unionLength', () => {
  it('counts overlapping waits once, so parallel API calls are not subtracted twice', () => {
    expect(
      unionLength([
        [0, 10],
        [5, 12],
      ]),
    ).toBe(12);
  });

  it('adds disjoint waits', () => {
    expect(
      unionLength([
        [20, 25],
        [0, 10],
      ]),
    ).toBe(15);
  });

  it('is zero without intervals', () => {
    expect(unionLength([])).toBe(0);
  });
});

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
