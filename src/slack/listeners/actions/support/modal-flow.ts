/**
 * The two halves of a modal that needs API data: open a loading view with the trigger_id at once (it expires 3 s
 * after the click and works once), then fill it in. Whatever goes wrong on the way ends in the modal itself (a notice
 * with the reason), or — when even the modal could not open — in a private message, never in silence.
 */

import { renderErrorCard } from '../../../../cards/index.js';
import { renderLoadingModal, renderNoticeModal } from '../../../../cards/modals/index.js';
import type { ModalView } from '../../../../cards/types.js';
import {
  classifySlackError,
  type OpenedModal,
  openModal,
  slackFailureFields,
  updateModal,
} from '../../../delivery/index.js';
import { checkWritePermission, logWrite } from '../../../policy/index.js';
import type { ActionContext } from './action-context.js';
import type { ActionIo } from './button-listener.js';
import { privateTarget } from './button-listener.js';
import { renderNotice } from './notice.js';
import { tellPrivately } from './reply.js';
import type { InteractionRuntime } from './runtime.js';

/** Opens the loading view; null (and the person told) when Slack would not open it. */
export async function openLoadingModal(
  io: ActionIo,
  ctx: ActionContext,
  title: string,
): Promise<OpenedModal | null> {
  try {
    return await openModal(io.client, ctx.triggerId, renderLoadingModal(title));
  } catch (error) {
    io.logger.warn('views.open failed', slackFailureFields(error));
    const expired = classifySlackError(error).kind === 'trigger_expired';
    await tellPrivately(
      io,
      privateTarget(ctx),
      renderNotice(
        ':hourglass:',
        expired
          ? 'Slack closed the window for opening the form before it could open. Click the button again.'
          : "The form couldn't be opened just now. Click the button again in a moment.",
      ),
    );
    return null;
  }
}

/** Replaces the loading view with `load()`'s modal, or with a notice saying why it could not be loaded. */
export async function fillModal(
  runtime: InteractionRuntime,
  io: ActionIo,
  opened: OpenedModal,
  title: string,
  load: () => Promise<ModalView>,
): Promise<void> {
  let view: ModalView;
  try {
    view = await load();
  } catch (error) {
    io.logger.warn('modal data could not be loaded', { error });
    view = renderNoticeModal(title, renderErrorCard(error, { now: runtime.deps.clock.now() }).text);
  }
  try {
    await updateModal(io.client, opened, view);
  } catch (error) {
    // not_found: the person closed the modal while it loaded; nothing is left to show.
    io.logger.info('views.update failed', slackFailureFields(error));
  }
}

/**
 * Checks write permission for a modal that edits something; when refused, logs the attempt, shows the reason in the
 * already open modal, and returns false (so no API call follows).
 */
export async function allowedToEdit(
  runtime: InteractionRuntime,
  io: ActionIo,
  ctx: ActionContext,
  opened: OpenedModal,
  edit: { title: string; target: string },
): Promise<boolean> {
  const { config, logger } = runtime.deps;
  const decision = await checkWritePermission(
    { userId: ctx.userId, teamId: ctx.teamId, channelId: ctx.channelId, action: ctx.actionId },
    { config, directory: runtime.directory, client: io.web },
  );
  if (decision.allowed) return true;
  logWrite(logger, {
    userId: ctx.userId,
    teamId: ctx.teamId,
    channelId: ctx.channelId,
    action: ctx.actionId,
    target: edit.target,
    outcome: `denied:${decision.code}`,
  });
  try {
    await updateModal(io.client, opened, renderNoticeModal(edit.title, decision.reason));
  } catch (error) {
    // The modal is gone (closed, or Slack refused): say it where it cannot be missed.
    io.logger.info('views.update failed', slackFailureFields(error));
    await tellPrivately(io, privateTarget(ctx), renderNotice(':no_entry:', decision.reason));
  }
  return false;
}
