/**
 * The form behind Edit on the tracking-request card: the request read afresh, prefilled as it is now, remembering the
 * card (not a private one: it cannot be updated once the form is submitted) so the submission can update it.
 */
import { renderTrackEditModal } from '../../cards/modals/index.js';
import type { ModalView } from '../../cards/types.js';
import type { FeatureContext } from '../context.js';
import { readTrackingRequest } from './tracking-requests.js';

export interface EditFormRequest {
  trackingRequestId: string;
  channelId: string | null;
  messageTs: string | null;
  threadTs: string | null;
  /** The card clicked on is shown only to the person. */
  isEphemeral: boolean;
}

export async function loadEditTrackingRequestForm(
  ctx: FeatureContext,
  request: EditFormRequest,
): Promise<ModalView> {
  const detail = await readTrackingRequest(ctx, request.trackingRequestId, { fresh: true });
  return renderTrackEditModal(detail, {
    now: ctx.clock.now(),
    channelId: request.channelId,
    messageTs: request.isEphemeral ? null : request.messageTs,
    threadTs: request.isEphemeral ? null : request.threadTs,
  });
}
