/**
 * `/shipwatch settings`: opens the channel's settings for watched shipments in a modal (which kinds of update, the
 * ETA threshold, important updates also to the channel, condensed or detailed lines). Someone the write policy
 * refuses (a guest, an outsider, someone outside SHIPWATCH_EDITORS) is told so before the form opens, not after
 * filling it in; the check gets a share of the trigger_id's 3 s, and when Slack is too slow to say who someone is
 * the form opens anyway. Saving checks the policy again (views/watch-settings-submission.ts).
 */
import { VIEW } from '../../cards/ids.js';
import { renderWatchSettingsModal } from '../../cards/watch/settings-modal.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { checkWritePermission, logWrite } from '../../features/policy/index.js';
import { SETTINGS_WHAT } from '../../features/watching/channel-settings-form.js';
import { settleWithin } from '../../features/writes/deadline.js';
import { ETA_THRESHOLD_CHOICES } from '../../watch/index.js';
import { openModal } from '../delivery/modals.js';
import { renderNotice } from '../delivery/notice.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { peopleOf } from '../policy/member-directory.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';
import { asksForWorkspaceSettings, workspaceSettingsCommand } from './workspace-settings-command.js';

/** Of the trigger_id's 3 s, what the policy check may take before the form opens regardless. */
const POLICY_BUDGET_MS = 1_200;

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
      const { watching } = runtime;
      if (!watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const { payload } = invocation;
      const check = await settleWithin(
        checkWritePermission(
          {
            userId: payload.user_id,
            teamId: payload.team_id ?? null,
            channelId: payload.channel_id,
            action: VIEW.watchSettings,
            what: SETTINGS_WHAT,
          },
          {
            settings: invocation.features.tenant.settings,
            people: peopleOf(runtime.directory, invocation.client),
            home: () => runtime.home(invocation.features.tenant),
          },
        ),
        POLICY_BUDGET_MS,
      );
      if (check.settled && check.outcome.ok && !check.outcome.value.allowed) {
        const decision = check.outcome.value;
        logWrite(runtime.logger, {
          userId: payload.user_id,
          teamId: payload.team_id ?? null,
          userTeamId: decision.userTeamId ?? null,
          channelId: payload.channel_id,
          action: VIEW.watchSettings,
          target: payload.channel_id,
          outcome: `denied:${decision.code}`,
        });
        await invocation.replier.tell(renderNotice(':no_entry:', decision.reason));
        return;
      }
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
    });
  },
};
