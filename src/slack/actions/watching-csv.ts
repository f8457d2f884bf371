/**
 * "Download CSV" under `/shipwatch watching` (docs/home.md): the channel's watched containers, most urgent first, with
 * Home's columns, sent to the person who clicked as a file in their direct message with Shipwatch. Stored readings
 * only.
 */
import { ACTION } from '../../cards/ids.js';
import { homeRowsCsv } from '../../features/home/home-csv.js';
import { rowsIn } from '../../features/home/load-home.js';
import { sendFileToPerson } from '../delivery/file-upload.js';
import { homeClientOf } from '../home/publish-home.js';
import type { ButtonSpec } from './button.js';

export const watchingCsvButton: ButtonSpec = {
  actionIds: [ACTION.watchingCsv],
  access: 'read',
  create: (runtime) => async (click) => {
    const channelId = click.ctx.channelId ?? click.ctx.value;
    const rows = await rowsIn(click.features, { teamId: click.ctx.teamId ?? '', channelIds: [channelId] });
    const day = runtime.clock.now().toISOString().slice(0, 10);
    await sendFileToPerson(homeClientOf(click.client), {
      userId: click.ctx.userId,
      filename: `shipwatch-watching-${channelId}-${day}.csv`,
      title: `Watched in <#${channelId}> (${day})`.replace(/[<>#]/g, ''),
      content: homeRowsCsv(rows),
      comment: `The containers watched in <#${channelId}>: ${rows.length} rows, most urgent first.`,
    });
  },
};
