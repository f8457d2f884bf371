/**
 * `/shipwatch settings`: opens the channel's settings for watched shipments in a modal. Whether this person may, and
 * the form, are features/watching/settings-request.ts; here the form opens with the command's trigger_id.
 */

import { renderNotice } from '../../cards/notice.js';
import { asksForWorkspaceSettings } from '../../features/settings/workspace-settings-request.js';
import { channelSettingsForm } from '../../features/watching/settings-request.js';
import { openModal } from '../delivery/modals.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';
import { answerCommand, commandPeople, requestOf } from './command-answer.js';
import { workspaceSettingsCommand } from './workspace-settings-command.js';

export const watchSettingsCommand: CommandSpec = {
  slash: null,
  words: ['settings'],
  usage: '/shipwatch settings [workspace]',
  description:
    'How watched shipments are updated in this channel: which kinds of update, the ETA threshold, condensed or detailed, and whether important ones also go to the channel.',
  examples: () => ['/shipwatch settings'],
  readsData: false,
  // `/shipwatch settings workspace` opens the workspace's settings (workspace-settings-command.ts).
  opensForm: (text) => asksForWorkspaceSettings(text),
  create: (runtime, commands) => {
    const workspace = workspaceSettingsCommand.create(runtime, commands);
    return guarded(runtime, '/shipwatch settings', async (invocation) => {
      if (asksForWorkspaceSettings(invocation.text)) return workspace(invocation);
      const { features } = invocation;
      const answer = await channelSettingsForm(
        features,
        { people: commandPeople(runtime, invocation), home: () => runtime.home(features.tenant) },
        requestOf(invocation),
      );
      if (answer.kind !== 'form') return answerCommand(runtime, invocation, watchSettingsCommand, answer);
      try {
        await openModal(invocation.client, invocation.payload.trigger_id, answer.view);
      } catch (error) {
        runtime.logger.warn('views.open failed', slackFailureFields(error));
        await invocation.replier.tell(
          renderNotice(
            ':hourglass:',
            "The settings couldn't be opened just now. Type `/shipwatch settings` again.",
          ),
        );
      }
    });
  },
};
