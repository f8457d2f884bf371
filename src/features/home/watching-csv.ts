/**
 * "Download CSV" under `/shipwatch watching` (docs/home.md): the channel's watched containers, most urgent first, with
 * Home's columns, sent to the person who clicked as a file (Slack: their direct message with Shipwatch). Stored
 * readings only.
 */
import { renderNotice } from '../../cards/notice.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import type { FeatureContext } from '../context.js';
import { type CsvDelivery, csvDay } from './csv-delivery.js';
import { csvOwnerNames } from './csv-owner-names.js';
import { homeRowsCsv } from './home-csv.js';
import { rowsIn } from './load-home.js';

const NO_CHANNEL =
  "This button doesn't say which channel's list to send, so nothing was sent. Run /shipwatch watching in the channel again.";

export interface WatchingCsvRequest {
  teamId: string | null;
  userId: string;
  /** The channel clicked in, else the one the button names. */
  channelId: string;
}

export async function sendWatchingCsv(
  ctx: FeatureContext,
  request: WatchingCsvRequest,
  delivery: CsvDelivery,
): Promise<void> {
  if (!ctx.watching) {
    await delivery.tell(renderWatchNeedsStoreNotice());
    return;
  }
  const { teamId, userId, channelId } = request;
  if (!teamId || !/^[CGD][A-Z0-9]{2,}$/.test(channelId)) {
    await delivery.tell(renderNotice(':information_source:', NO_CHANNEL));
    return;
  }
  const rows = await rowsIn(ctx, { teamId, channelIds: [channelId] });
  const owner = await csvOwnerNames(delivery.people, teamId, rows);
  const day = csvDay(ctx.clock.now());
  await delivery.sendFile({
    userId,
    filename: `shipwatch-watching-${channelId}-${day}.csv`,
    title: `Watched in <#${channelId}> (${day})`.replace(/[<>#]/g, ''),
    content: homeRowsCsv(rows, { owner }),
    comment: `The containers watched in <#${channelId}>: ${rows.length} rows, most urgent first.`,
  });
}
