/**
 * The "Download CSV" port (features/home/csv-delivery.ts) for one click: owners' names from the member directory
 * (cached users.info), the file sent to the person's direct message (saying why when Slack refused it), and the
 * click's Replier for a private word.
 */

import { renderNotice } from '../../cards/notice.js';
import type { CsvDelivery } from '../../features/home/csv-delivery.js';
import { sendFileOrSay } from '../delivery/file-upload.js';
import { homeClientOf } from '../home/publish-home.js';
import { peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import type { Click } from './button.js';

export function csvDelivery(runtime: SlackRuntime, click: Click): CsvDelivery {
  return {
    people: peopleOf(runtime.directory, click.client),
    sendFile: (file) =>
      sendFileOrSay(
        homeClientOf(click.client),
        file,
        (problem) => click.replier.tell(renderNotice(':warning:', problem)),
        runtime.logger,
      ),
    tell: (message) => click.replier.tell(message),
  };
}
