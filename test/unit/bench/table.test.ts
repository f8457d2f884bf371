import { describe, expect, it } from 'vitest';
import { formatCell, formatTable } from '../../../bench/lib/table.js';

describe('formatTable', () => {
  it('right-aligns number columns and left-aligns text columns under a rule', () => {
    const table = formatTable(
      ['variant', 'cmds/s'],
      [
        ['baseline', 1200],
        ['shipwatch', 95.5],
      ],
    );
    expect(table.split('\n')).toEqual([
      'variant    cmds/s',
      '---------  ------',
      'baseline     1200',
      'shipwatch    95.5',
    ]);
  });
});

describe('formatCell', () => {
  it('shows missing and non-finite figures as a dash rather than NaN', () => {
    expect(formatCell(null)).toBe('-');
    expect(formatCell(Number.NaN)).toBe('-');
  });

  it('keeps more digits for small figures than for large ones', () => {
    expect(formatCell(0.123)).toBe('0.12');
    expect(formatCell(12.345)).toBe('12.3');
    expect(formatCell(1234.5)).toBe('1235');
  });
});
