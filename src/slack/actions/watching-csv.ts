/**
 * "Download CSV" under `/shipwatch watching` (docs/home.md): the channel's watched containers, most urgent first, with
 * Home's columns, sent to the person who clicked as a file in their direct message with Shipwatch. Stored readings
 * only.
 */
import { ACTION } from '../../cards/ids.js';
import { renderNotice } from '../../cards/notice.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { homeRowsCsv } from '../../features/home/home-csv.js';
import { rowsIn } from '../../features/home/load-home.js';
import { sendFileOrSay } from '../delivery/file-upload.js';
import { homeClientOf } from '../home/publish-home.js';
import type { ButtonSpec } from './button.js';
import { csvOwnerNames } from './csv-owner-names.js';

const NO_CHANNEL =
  "This button doesn't say which channel's list to send, so nothing was sent. Run /shipwatch watching in the channel again.";

export const watchingCsvButton: ButtonSpec = {
  actionIds: [ACTION.watchingCsv],
  access: 'read',
  create: (runtime) => async (click) => {
    if (!runtime.watching) {
      await click.replier.tell(renderWatchNeedsStoreNotice());
      return;
    }
    const channelId = click.ctx.channelId ?? click.ctx.value;
    if (!click.ctx.teamId || !/^[CGD][A-Z0-9]{2,}$/.test(channelId)) {
      await click.replier.tell(renderNotice(':information_source:', NO_CHANNEL));
      return;
    }
    const rows = await rowsIn(click.features, { teamId: click.ctx.teamId, channelIds: [channelId] });
    const client = homeClientOf(click.client);
    const owner = await csvOwnerNames(runtime, client, click.ctx.teamId, rows);
    const day = runtime.clock.now().toISOString().slice(0, 10);
    await sendFileOrSay(
      client,
      {
        userId: click.ctx.userId,
        filename: `shipwatch-watching-${channelId}-${day}.csv`,
        title: `Watched in <#${channelId}> (${day})`.replace(/[<>#]/g, ''),
        content: homeRowsCsv(rows, { owner }),
        comment: `The containers watched in <#${channelId}>: ${rows.length} rows, most urgent first.`,
      },
      (problem) => click.replier.tell(renderNotice(':warning:', problem)),
      runtime.logger,
    );
  },
};
