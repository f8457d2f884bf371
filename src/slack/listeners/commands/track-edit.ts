/**
 * `/track-edit <id>` opens the edit form; `/track-edit <id> ref=… tags=…` applies the change at once.
 * Form: the trigger_id expires 3 s after the command, so a loading modal is opened before anything else; the
 * tracking request and the write policy are then checked together and the modal is replaced by the form (or by a
 * notice saying why not). The form's submission is handled with the other modal listeners.
 * Direct edit: write policy, one PATCH (never retried), then the tracking-request card in the channel with an audit
 * line in its thread.
 */
import { renderTrackEditAuditLine } from '../../../cards/audit-line.js';
import { renderUsageCard } from '../../../cards/help.js';
import { renderErrorCard, renderTrackingRequestCard } from '../../../cards/index.js';
import { renderLoadingModal, renderNoticeModal, renderTrackEditModal } from '../../../cards/modals/index.js';
import { isTrackingApiError } from '../../../tracking/errors.js';
import type { TrackingRequestDetail, TrackingRequestUpdate } from '../../../tracking/models.js';
import { parseTrackEdit, type TrackEditArguments } from '../../command-text/index.js';
import { deliverCommandReply } from '../../delivery/command-reply.js';
import { type OpenedModal, openModal, updateModal } from '../../delivery/modals.js';
import { slackFailureFields } from '../../delivery/slack-failure.js';
import { checkWritePermission, logWrite, type PolicyDecision } from '../../policy/index.js';
import {
  type CommandDeps,
  type CommandInvocation,
  type CommandRun,
  guarded,
  noticeCard,
  replyPrivately,
  replyTarget,
} from './command-context.js';

export const TRACK_EDIT_COMMAND = '/track-edit';
const MODAL_TITLE = 'Edit tracking request';
const WRITE_ACTION = 'track_edit_command';

export function createTrackEditCommand(deps: CommandDeps): CommandRun {
  return guarded(deps, TRACK_EDIT_COMMAND, async (invocation) => {
    const parsed = parseTrackEdit(invocation.text);
    if (!parsed.ok) {
      await replyPrivately(deps, invocation, renderUsageCard(TRACK_EDIT_COMMAND, parsed.problem));
      return;
    }
    if (parsed.value.ref === undefined && parsed.value.tags === undefined) {
      await openEditForm(deps, invocation, parsed.value.id);
    } else {
      await applyDirectEdit(deps, invocation, parsed.value);
    }
  });
}

async function openEditForm(deps: CommandDeps, invocation: CommandInvocation, id: string): Promise<void> {
  let opened: OpenedModal;
  try {
    opened = await openModal(
      invocation.client,
      invocation.payload.trigger_id,
      renderLoadingModal(MODAL_TITLE),
    );
  } catch (error) {
    deps.logger.warn('could not open the track-edit modal', slackFailureFields(error));
    const hint = `I couldn't open the edit form in time. Try again, or edit directly: \`/track-edit ${id.replace(/[`<>&]/g, '')} ref=… tags=…\``;
    await replyPrivately(deps, invocation, noticeCard(hint));
    return;
  }
  const [permission, loaded] = await Promise.all([
    checkWrite(deps, invocation),
    deps.tracking.getTrackingRequest(id).then(
      (detail) => ({ ok: true as const, detail }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  ]);
  const now = deps.clock.now();
  let view: Parameters<typeof updateModal>[2];
  if (!permission.allowed) {
    view = renderNoticeModal(MODAL_TITLE, permission.reason);
  } else if (!loaded.ok) {
    deps.logger.warn('tracking request lookup failed', { command: TRACK_EDIT_COMMAND, error: loaded.error });
    view = renderNoticeModal(MODAL_TITLE, renderErrorCard(loaded.error, { now, subject: id }).text);
  } else {
    view = renderTrackEditModal(loaded.detail, { now, channelId: invocation.payload.channel_id });
  }
  try {
    await updateModal(invocation.client, opened, view);
  } catch (error) {
    // Usually the person closed the loading modal already; nothing else to tell them.
    deps.logger.warn('could not fill in the track-edit modal', slackFailureFields(error));
  }
}

async function applyDirectEdit(
  deps: CommandDeps,
  invocation: CommandInvocation,
  args: TrackEditArguments,
): Promise<void> {
  const { payload } = invocation;
  const entry = {
    userId: payload.user_id,
    teamId: payload.team_id ?? null,
    channelId: payload.channel_id,
    action: WRITE_ACTION,
    target: args.id,
  };
  const permission = await checkWrite(deps, invocation);
  if (!permission.allowed) {
    logWrite(deps.logger, { ...entry, outcome: `denied:${permission.code}` });
    await replyPrivately(deps, invocation, noticeCard(`:no_entry: ${permission.reason}`));
    return;
  }
  const update: TrackingRequestUpdate = {};
  if (args.ref !== undefined) update.refNumber = args.ref;
  if (args.tags !== undefined) update.tags = args.tags;
  let detail: TrackingRequestDetail;
  try {
    const updated = await deps.tracking.updateTrackingRequest(args.id, update);
    logWrite(deps.logger, { ...entry, outcome: 'ok' });
    // The PATCH answer lacks the tracked shipment; a fresh read fills the card in, and is optional.
    detail = await deps.tracking
      .getTrackingRequest(args.id, { fresh: true })
      .catch(() => ({ trackingRequest: updated, shipment: null }));
  } catch (error) {
    const code = isTrackingApiError(error) ? error.code : 'unknown';
    logWrite(deps.logger, { ...entry, outcome: `failed:${code}` });
    await replyPrivately(
      deps,
      invocation,
      renderErrorCard(error, { now: deps.clock.now(), subject: args.id }),
    );
    return;
  }
  const card = renderTrackingRequestCard(detail, { now: deps.clock.now() });
  const auditLine = renderTrackEditAuditLine({
    userId: payload.user_id,
    requestNumber: detail.trackingRequest.requestNumber,
    changes: {
      ...(args.ref !== undefined ? { ref: args.ref } : {}),
      ...(args.tags !== undefined ? { tags: args.tags } : {}),
    },
  });
  await deliverCommandReply(replyTarget(deps, invocation), card, 'channel', { threadReply: auditLine });
}

function checkWrite(deps: CommandDeps, invocation: CommandInvocation): Promise<PolicyDecision> {
  const { payload } = invocation;
  return checkWritePermission(
    {
      userId: payload.user_id,
      teamId: payload.team_id ?? null,
      channelId: payload.channel_id,
      action: WRITE_ACTION,
    },
    { config: deps.config, directory: deps.directory, client: invocation.client },
  );
}
