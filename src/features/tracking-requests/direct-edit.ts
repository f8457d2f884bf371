/**
 * A tracking request's ref number and tags changed without the form (`/track-edit <id> ref=… tags=…`, or the
 * "Clear it" button that confirms clearing the ref): the one write flow, then the tracking-request card in the
 * channel with the audit line in its thread.
 */
import { renderTrackEditAuditLine } from '../../cards/audit-line.js';
import { renderTrackingRequestCard } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';
import type { CardReplies } from '../card-replies.js';
import type { FeatureContext } from '../context.js';
import { hashOf } from '../idempotency/index.js';
import type { EarlyIntent } from '../writes/early-intent.js';
import { describeWriteError } from '../writes/write-errors.js';
import { intentPayload, type WriteActor, type WriteReplies } from '../writes/write-flow.js';
import type { RunWrite } from '../writes/write-runner.js';
import { applyTrackingRequestEdit, changesOf, type TrackingRequestEdit } from './tracking-requests.js';

/** The write's action name in the log and the ledger. */
export const TRACK_EDIT_COMMAND_ACTION = 'track_edit_command';

export type DirectEdit = TrackingRequestEdit;

export interface DirectEditRequest {
  actor: WriteActor;
  channelId: string | null;
  /**
   * The command's trigger_id: one typed command is one intent, refused again for as long as its signed request could
   * be replayed. Absent for the "Clear it" button, whose repeats the button runner drops by their action_ts.
   */
  triggerId?: string;
  /** How long a signed request can be replayed (the repeat window of a typed command's intent). */
  redeliveryWindowMs: number;
}

/** The card in the channel with the audit line in its thread, else the line alone; the card the request came from. */
export type DirectEditReplies = Pick<CardReplies, 'card'> & Pick<WriteReplies, 'announce' | 'origin'>;

/** The edit's intent: what the listener records before its ack (early-intent.ts), and what the write flow records. */
export function directEditIntent(
  request: DirectEditRequest,
  replies: Pick<WriteReplies, 'origin'>,
  edit: DirectEdit,
): EarlyIntent {
  const { actor, triggerId } = request;
  // One intent per person, request and change: the same edit sent twice within the window writes once.
  const key = `command:${actor.teamId ?? '-'}:${actor.userId}:${edit.id}:${hashOf(changesOf(edit))}`;
  return {
    key: triggerId ? `${key}:${triggerId}` : key,
    action: TRACK_EDIT_COMMAND_ACTION,
    target: edit.id,
    ...(triggerId ? { repeatWindowMs: request.redeliveryWindowMs } : {}),
    payload: intentPayload(actor, request.channelId, replies),
  };
}

export async function applyDirectEdit(
  ctx: FeatureContext,
  ports: { runWrite: RunWrite; replies: DirectEditReplies },
  request: DirectEditRequest,
  edit: DirectEdit,
): Promise<void> {
  const { replies } = ports;
  const { actor } = request;
  const changes = changesOf(edit);
  const intent = directEditIntent(request, replies, edit);
  let card: SlackMessage | null = null;
  await ports.runWrite({
    action: TRACK_EDIT_COMMAND_ACTION,
    key: intent.key,
    ...(intent.repeatWindowMs === undefined ? {} : { repeatWindowMs: intent.repeatWindowMs }),
    target: edit.id,
    actor,
    channelId: request.channelId,
    write: () => applyTrackingRequestEdit(ctx, edit),
    afterWrite: async (detail) => {
      card = renderTrackingRequestCard(detail, { now: ctx.clock.now() });
    },
    auditLine: (detail) =>
      renderTrackEditAuditLine({
        userId: actor.userId,
        requestNumber: detail.trackingRequest.requestNumber,
        changes,
      }),
    publishAudit: async (line) => {
      if (card) await replies.card(card, 'channel', { auditLine: line });
      else await replies.announce(line);
    },
    describeFailure: (error) => describeWriteError(error, `tracking request ${edit.id}`),
  });
}
