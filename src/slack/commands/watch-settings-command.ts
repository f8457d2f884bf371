/**
 * `/shipwatch settings`: opens the channel's settings for watched shipments in a modal (which kinds of update, the
 * ETA threshold, important updates also to the channel, condensed or detailed lines). The form opens first, inside
 * the trigger_id's 3 s, with the settings read from the store; the write policy is checked when it is saved
 * (views/watch-settings-submission.ts).
 */
import { renderWatchSettingsModal } from '../../cards/watch/settings-modal.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { ETA_THRESHOLD_CHOICES } from '../../watch/index.js';
import { openModal } from '../delivery/modals.js';
import { renderNotice } from '../delivery/notice.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';

export const watchSettingsCommand: CommandSpec = {
  slash: null,
  words: ['settings'],
  usage: '/shipwatch settings',
  description:
    'How watched shipments are updated in this channel: which kinds of update, the ETA threshold, condensed or detailed, and whether important ones also go to the channel.',
  examples: () => ['/shipwatch settings'],
  readsData: false,
  create: (runtime) =>
    guarded(runtime, '/shipwatch settings', async (invocation) => {
      const { watching } = runtime;
      if (!watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const { payload } = invocation;
      const settings = await watching.settings(payload.team_id ?? '', payload.channel_id);
      const view = renderWatchSettingsModal(settings, {
        channelId: payload.channel_id,
        thresholds: ETA_THRESHOLD_CHOICES,
      });
      try {
        await openModal(invocation.client, payload.trigger_id, view);
      } catch (error) {
        runtime.logger.warn('views.open failed', slackFailureFields(error));
        await invocation.replier.tell(
          renderNotice(
            ':hourglass:',
            "The settings couldn't be opened just now. Type `/shipwatch settings` again.",
          ),
        );
      }
    }),
};
