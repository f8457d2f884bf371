/**
 * "Download CSV" on a list of Home (docs/home.md): the list's rows as Home shows them (every page, the person's
 * filters), only in the tenant's channels, sent to the person as a file. Stored readings only.
 */
import type { FeatureContext } from '../context.js';
import { type CsvDelivery, csvDay } from './csv-delivery.js';
import { csvOwnerNames } from './csv-owner-names.js';
import { homeRowsCsv } from './home-csv.js';
import { HOME_LISTS, type HomeListName } from './home-rows.js';
import { type HomeState, homeListRows } from './load-home.js';

const LIST_TITLES: Record<HomeListName, string> = {
  attention: 'Needs attention',
  arriving: 'Arriving in the next 7 days',
  watched: 'Everything else watched',
};

/** The list a button value names, or null for anything else. */
export function homeListNamed(value: string): HomeListName | null {
  return (HOME_LISTS as readonly string[]).includes(value) ? (value as HomeListName) : null;
}

export interface HomeListCsvRequest {
  teamId: string;
  userId: string;
  /** The channels the person is a member of (the Slack layer asks Slack). */
  channelIds: readonly string[];
  /** What the person chose on their Home (its filters apply). */
  state: HomeState;
  list: HomeListName;
}

export async function sendHomeListCsv(
  ctx: FeatureContext,
  request: HomeListCsvRequest,
  delivery: CsvDelivery,
): Promise<void> {
  const { teamId, userId, state, list } = request;
  const allowed = ctx.tenant.settings.channels;
  const channelIds = request.channelIds.filter((id) => allowed.length === 0 || allowed.includes(id));
  const rows = await homeListRows(ctx, { teamId, userId, channelIds, state, list });
  const owner = await csvOwnerNames(delivery.people, teamId, rows);
  const day = csvDay(ctx.clock.now());
  await delivery.sendFile({
    userId,
    filename: `shipwatch-${list}-${day}.csv`,
    title: `${LIST_TITLES[list]} (${day})`,
    content: homeRowsCsv(rows, { owner }),
    comment: `${LIST_TITLES[list]}: ${rows.length} rows, as Home shows them${state.terminal || state.customer || state.mine ? ' (filtered)' : ''}.`,
  });
}
