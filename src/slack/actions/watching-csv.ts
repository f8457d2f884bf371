/**
 * "Download CSV" under `/shipwatch watching` (docs/home.md): the channel's watched containers as a file in the
 * person's direct message (features/home/watching-csv.ts).
 */
import { ACTION } from '../../cards/ids.js';
import { sendWatchingCsv } from '../../features/home/watching-csv.js';
import type { ButtonSpec } from './button.js';
import { csvDelivery } from './csv-delivery.js';

export const watchingCsvButton: ButtonSpec = {
  actionIds: [ACTION.watchingCsv],
  access: 'read',
  create: (runtime) => async (click) => {
    const { teamId, userId, channelId, value } = click.ctx;
    await sendWatchingCsv(
      click.features,
      { teamId, userId, channelId: channelId ?? value },
      csvDelivery(runtime, click),
    );
  },
};
