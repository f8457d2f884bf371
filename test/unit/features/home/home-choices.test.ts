import { describe, expect, it } from 'vitest';
import { ACTION } from '../../../../src/cards/ids.js';
import { filterChange, pageChange } from '../../../../src/features/home/home-choices.js';
import { homeListNamed } from '../../../../src/features/home/home-list-csv.js';
import { INITIAL_HOME_STATE } from '../../../../src/features/home/load-home.js';

describe("Home's choices", () => {
  it('turns one list to the page its button names, and ignores values Shipwatch did not render', () => {
    const change = pageChange('arriving:2');
    expect(change?.(INITIAL_HOME_STATE).pages).toEqual({ attention: 0, arriving: 2, watched: 0 });
    for (const value of ['elsewhere:1', 'arriving:-1', 'arriving:1.5', 'arriving']) {
      expect(pageChange(value)).toBeNull();
    }
  });

  it('starts every list on its first page when a filter changes; "*" is every value', () => {
    const paged = { ...INITIAL_HOME_STATE, pages: { attention: 3, arriving: 1, watched: 2 } };
    const terminal = filterChange(ACTION.homeFilterTerminal, 'PIER 400')(paged);
    expect(terminal).toMatchObject({
      terminal: 'PIER 400',
      pages: { attention: 0, arriving: 0, watched: 0 },
    });
    expect(filterChange(ACTION.homeFilterCustomer, '*')({ ...paged, customer: 'Acme' }).customer).toBeNull();
    expect(filterChange(ACTION.homeFilterOwner, 'mine')(paged).mine).toBe(true);
    expect(filterChange(ACTION.homeFilterOwner, '*')({ ...paged, mine: true }).mine).toBe(false);
  });

  it('reads the list a CSV button names', () => {
    expect(homeListNamed('watched')).toBe('watched');
    expect(homeListNamed('everything')).toBeNull();
  });
});
