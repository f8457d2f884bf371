/**
 * What a click on Home's pager or filters changes in what the person chose (docs/home.md): the page of one list, or a
 * filter (terminal, customer, "Mine"), which starts every list on its first page again. Pure: the Slack layer
 * remembers the state and republishes Home with it.
 */
import { ACTION } from '../../cards/ids.js';
import { homeListNamed } from './home-list-csv.js';
import type { HomeState } from './load-home.js';

export type HomeChange = (state: HomeState) => HomeState;

/** `<list>:<page>` → that list on that page; null for a value Shipwatch did not render. */
export function pageChange(value: string): HomeChange | null {
  const [name, page] = value.split(':');
  const list = homeListNamed(name ?? '');
  const number = Number(page);
  if (list === null || !Number.isInteger(number) || number < 0) return null;
  return (state) => ({ ...state, pages: { ...state.pages, [list]: number } });
}

/** A filter menu's option (`*` is "all"). */
export function filterChange(actionId: string, option: string): HomeChange {
  const value = option === '*' ? null : option;
  const filter: Partial<HomeState> =
    actionId === ACTION.homeFilterOwner
      ? { mine: value === 'mine' }
      : actionId === ACTION.homeFilterTerminal
        ? { terminal: value }
        : { customer: value };
  // A new filter starts every list on its first page.
  return (state) => ({
    ...state,
    ...filter,
    pages: { attention: 0, arriving: 0, watched: 0 },
  });
}
