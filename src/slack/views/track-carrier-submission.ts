/**
 * Submitting the carrier modal: the carrier read by the use case (features/tracking/carrier-form.ts), then the
 * tracking request created through the track flow in modal mode, so a refusal (the policy, an unknown SCAC) shows next
 * to the field while the form is open; the following card is then posted in the channel it was asked in.
 */
import { INPUT } from '../../cards/index.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { readCarrierForm } from '../../features/tracking/carrier-form.js';
import { trackErrorsFor } from '../../features/tracking/track-number.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { registry } from '../delivery/reply-io.js';
import { trackNumber } from '../flows/track-flow.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createTrackCarrierSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  const otherBlock = INPUT.trackCarrierOther.block;
  return guardSubmission(logger, otherBlock, async (args) => {
    const { ack, client, context, view } = args;
    const startedAt = performance.now();
    const features = featuresOf(runtime, context);
    const submission = formSubmission(args);
    const chosen = await readCarrierForm(formPort(runtime, features, args, startedAt), submission);
    if (chosen === null) return;
    const { metadata, scac } = chosen;
    const { userId, teamId } = submission.actor;
    const replier = createReplier(
      {
        client: withChatApi(client, chatOf(runtime, context)),
        respond: null,
        logger,
        ...registry(runtime),
      },
      { teamId, channelId: metadata.channelId, userId, card: null },
    );
    const input = {
      number: metadata.number,
      requestType: metadata.requestType,
      scac,
      teamId,
      channelId: metadata.channelId,
      userId,
      key: viewSubmissionKey(view.id, { number: metadata.number, scac }),
      action: 'track_carrier_modal',
    };
    await trackNumber(runtime, { replier, client, features }, input, {
      kind: 'modal',
      ack,
      startedAt,
      refusalBlockId: otherBlock,
      errorsFor: (error) => trackErrorsFor(error, input, otherBlock),
    });
  });
}
