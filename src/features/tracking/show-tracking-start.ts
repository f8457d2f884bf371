/**
 * What a person sees once a number is tracked (start-tracking.ts): a number the account already tracks is its
 * shipment card, watched in the channel when the process can watch (the caller runs that watch, a write of its own);
 * a request still pending is a card of its own in the channel, which follows the request (follow-tracking-request.ts)
 * until it becomes the shipment's card.
 */
import { renderShipmentCard, renderTrackingRequestCard } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { ShipmentDetail, TrackingRequest } from '../../tracking/models.js';
import type { FeatureContext } from '../context.js';
import type { Conversation } from '../conversation.js';
import { FOLLOW_CARD_KIND, followJob, followSubject } from './follow-tracking-request.js';
import type { TrackingStart } from './start-tracking.js';

/** The first read of a new request waits this long (its card must be in the registry; Terminal49 needs time too). */
const FIRST_READ_AFTER_MS = 3_000;

export type TrackingShown =
  | { kind: 'shown' }
  /** Already tracked, and this channel can watch it: the caller watches it here (which posts its card). */
  | { kind: 'watch'; detail: ShipmentDetail };

export async function showTrackingStart(
  ctx: FeatureContext,
  conversation: Conversation,
  asked: { channelId: string | null; userId: string; wall: Clock },
  result: TrackingStart,
  /** The audit line of a new request, posted in its card's thread. */
  line: SlackMessage,
): Promise<TrackingShown> {
  if (result.kind === 'tracked') {
    if (ctx.watching && asked.channelId) return { kind: 'watch', detail: result.detail };
    await conversation.postCard(renderShipmentCard(result.detail, { now: ctx.clock.now() }), {
      subject: { kind: 'shipment', subjectId: result.detail.shipment.id },
    });
    return { kind: 'shown' };
  }
  await postFollowingCard(ctx, conversation, asked, result.request, result.kind === 'created' ? line : null);
  return { kind: 'shown' };
}

async function postFollowingCard(
  ctx: FeatureContext,
  conversation: Conversation,
  asked: { userId: string; wall: Clock },
  request: TrackingRequest,
  auditLine: SlackMessage | null,
): Promise<void> {
  const account = ctx.tenant.account;
  const watching = account ? ctx.watching : undefined;
  const card = renderTrackingRequestCard(
    { trackingRequest: request, shipment: null },
    { now: ctx.clock.now(), following: Boolean(watching) },
  );
  const posted = await conversation.postCard(card, {
    ...(auditLine ? { auditLine } : {}),
    subject:
      watching && account
        ? {
            kind: FOLLOW_CARD_KIND,
            subjectId: followSubject(account.id, request.id),
            requestedBy: asked.userId,
          }
        : { kind: 'tracking_request', subjectId: request.id },
  });
  if (!watching || !account || posted === null) return;
  await watching
    .queue(
      followJob(
        { accountId: account.id, requestId: request.id, userId: asked.userId },
        asked.wall.now().getTime() + FIRST_READ_AFTER_MS,
        watching.budget.lane,
      ),
    )
    .catch((error: unknown) =>
      ctx.logger.warn('could not queue the follow of a tracking request', { error }),
    );
}
