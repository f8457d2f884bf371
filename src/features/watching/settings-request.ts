/**
 * `/shipwatch settings` as a use case: the channel's settings for watched shipments as a form (which kinds of update,
 * the ETA threshold, important updates also to the channel, condensed or detailed lines). Someone the write policy
 * refuses (a guest, an outsider, someone outside SHIPWATCH_EDITORS) is told so before the form opens, not after
 * filling it in; the check gets a share of the 3 s the platform gives to open a form, and when it is too slow to say
 * who someone is the form opens anyway. Saving checks the policy again (slack/views/watch-settings-submission.ts).
 */
import { VIEW } from '../../cards/ids.js';
import { renderNotice } from '../../cards/notice.js';
import type { ModalView } from '../../cards/types.js';
import { renderWatchSettingsModal } from '../../cards/watch/settings-modal.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { ETA_THRESHOLD_CHOICES } from '../../watch/index.js';
import { type CommandAnswer, type CommandRequest, tell } from '../commands/command-request.js';
import type { FeatureContext } from '../context.js';
import { checkWritePermission, logWrite, type WritePolicyDeps } from '../policy/index.js';
import { settleWithin } from '../writes/deadline.js';
import { SETTINGS_WHAT } from './channel-settings-form.js';

/** Of the trigger_id's 3 s, what the policy check may take before the form opens regardless. */
const POLICY_BUDGET_MS = 1_200;

/** The form to open, or what to tell the person instead. */
export type SettingsFormAnswer = { kind: 'form'; view: ModalView } | CommandAnswer;

export async function channelSettingsForm(
  ctx: FeatureContext,
  ports: Pick<WritePolicyDeps, 'people' | 'home'>,
  request: CommandRequest,
): Promise<SettingsFormAnswer> {
  const { watching } = ctx;
  if (!watching) return tell(renderWatchNeedsStoreNotice());
  const { userId, teamId, channelId } = request;
  const action = VIEW.watchSettings;
  const check = await settleWithin(
    checkWritePermission(
      { userId, teamId, channelId, action, what: SETTINGS_WHAT },
      { settings: ctx.tenant.settings, ...ports },
    ),
    POLICY_BUDGET_MS,
  );
  if (check.settled && check.outcome.ok && !check.outcome.value.allowed) {
    const decision = check.outcome.value;
    logWrite(ctx.logger, {
      userId,
      teamId,
      userTeamId: decision.userTeamId ?? null,
      channelId,
      action,
      target: channelId ?? '',
      outcome: `denied:${decision.code}`,
    });
    return tell(renderNotice(':no_entry:', decision.reason));
  }
  const settings = await watching.settings(teamId ?? '', channelId ?? '');
  const view = renderWatchSettingsModal(settings, {
    channelId: channelId ?? '',
    thresholds: ETA_THRESHOLD_CHOICES,
  });
  return { kind: 'form', view };
}
