/**
 * A tracking request's ref number and tags changed without the form (`/track-edit <id> ref=… tags=…`, or the
 * "Clear it" button that confirms clearing the ref): the one write flow, then the tracking-request card in the
 * channel with the audit line in its thread.
 */
import { renderTrackEditAuditLine } from '../../cards/audit-line.js';
import { renderTrackingRequestCard } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';
import type { FeatureContext } from '../../features/context.js';
import { hashOf } from '../../features/idempotency/index.js';
import { editTrackingRequest } from '../../features/tracking-requests/tracking-requests.js';
import type { EarlyIntent } from '../../features/writes/early-intent.js';
import { describeWriteError } from '../../features/writes/write-errors.js';
import { intentPayload } from '../../features/writes/write-flow.js';
import type { TrackingRequestUpdate } from '../../tracking/models.js';
import type { Replier } from '../delivery/replier.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';

/** The write's action name in the log and the ledger. */
export const TRACK_EDIT_COMMAND_ACTION = 'track_edit_command';

export interface DirectEdit {
  id: string;
  /** undefined: left alone; null: cleared. */
  ref?: string | null;
  tags?: string[];
}

export interface DirectEditIo {
  replier: Replier;
  teamId: string | null;
  /**
   * The command's trigger_id: one typed command is one intent, refused again for as long as its signed request could
   * be replayed. Absent for the "Clear it" button, whose repeats the button runner drops by their action_ts.
   */
  triggerId?: string;
}

function changesOf(edit: DirectEdit) {
  return {
    ...(edit.ref !== undefined ? { ref: edit.ref } : {}),
    ...(edit.tags !== undefined ? { tags: edit.tags } : {}),
  };
}

/** The edit's intent: what the listener records before its ack (early-intent.ts), and what runWrite records. */
export function directEditIntent(runtime: SlackRuntime, io: DirectEditIo, edit: DirectEdit): EarlyIntent {
  const userId = io.replier.origin.userId;
  // One intent per person, request and change: the same edit sent twice within the window writes once.
  const key = `command:${io.teamId ?? '-'}:${userId}:${edit.id}:${hashOf(changesOf(edit))}`;
  return {
    key: io.triggerId ? `${key}:${io.triggerId}` : key,
    action: TRACK_EDIT_COMMAND_ACTION,
    target: edit.id,
    ...(io.triggerId ? { repeatWindowMs: runtime.timing.redeliveryWindowMs } : {}),
    payload: intentPayload({ userId, teamId: io.teamId }, io.replier.origin.channelId, io.replier),
  };
}

export async function applyDirectEdit(
  runtime: SlackRuntime,
  io: DirectEditIo & { client: DirectoryClient; features: FeatureContext; begun?: boolean },
  edit: DirectEdit,
): Promise<void> {
  const { replier } = io;
  const userId = replier.origin.userId;
  const update: TrackingRequestUpdate = {};
  if (edit.ref !== undefined) update.refNumber = edit.ref;
  if (edit.tags !== undefined) update.tags = edit.tags;
  const changes = changesOf(edit);
  const intent = directEditIntent(runtime, io, edit);
  let card: SlackMessage | null = null;
  await runWrite(
    { runtime, replier, directoryClient: io.client, tenant: io.features.tenant },
    {
      action: TRACK_EDIT_COMMAND_ACTION,
      key: intent.key,
      ...(intent.repeatWindowMs === undefined ? {} : { repeatWindowMs: intent.repeatWindowMs }),
      target: edit.id,
      actor: { userId, teamId: io.teamId },
      channelId: replier.origin.channelId,
      write: () => editTrackingRequest(io.features, edit.id, update),
      afterWrite: async (detail) => {
        card = renderTrackingRequestCard(detail, { now: runtime.clock.now() });
      },
      auditLine: (detail) =>
        renderTrackEditAuditLine({ userId, requestNumber: detail.trackingRequest.requestNumber, changes }),
      publishAudit: async (line) => {
        if (card) await replier.card(card, 'channel', { auditLine: line });
        else await replier.announce(line);
      },
      describeFailure: (error) => describeWriteError(error, `tracking request ${edit.id}`),
    },
    { kind: 'acked', begun: io.begun === true },
  );
}
