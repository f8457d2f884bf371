/**
 * Submitting the carrier modal: the carrier picked among Terminal49's candidates, or another SCAC typed in. The
 * tracking request is created through the one write flow in modal mode, so a refusal (the policy, an unknown SCAC)
 * shows next to the field while the form is open; the following card is then posted in the channel it was asked in.
 */
import { INPUT } from '../../cards/index.js';
import { parseTrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { readScac } from '../../features/tracking/choose-carrier.js';
import { trackErrorsFor } from '../../features/tracking/track-number.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { registry } from '../delivery/reply-io.js';
import { trackNumber } from '../flows/track-flow.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { submittedValues, textValue } from './state.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './view-args.js';

const OUT_OF_DATE = 'This form is out of date. Close it and track the number again.';
const NO_CARRIER = 'Pick a carrier, or type its SCAC (2 to 4 letters, e.g. MAEU).';

export function createTrackCarrierSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  const otherBlock = INPUT.trackCarrierOther.block;
  return guardSubmission(logger, otherBlock, async ({ ack, body, view, client, context }) => {
    const startedAt = performance.now();
    const metadata = parseTrackCarrierMetadata(view.private_metadata);
    if (!metadata)
      return void (await ack({ response_action: 'errors', errors: { [otherBlock]: OUT_OF_DATE } }));
    const state = submittedState(view);
    const typed = textValue(state, otherBlock, INPUT.trackCarrierOther.action)?.trim() ?? '';
    const picked = submittedValues(state, INPUT.trackCarrier.block, INPUT.trackCarrier.action)?.[0] ?? null;
    const scac = typed !== '' ? readScac(typed) : picked ? readScac(picked) : null;
    if (scac === null)
      return void (await ack({ response_action: 'errors', errors: { [otherBlock]: NO_CARRIER } }));
    const { userId, teamId } = submitter(body);
    if (!userId)
      return void (await ack({ response_action: 'errors', errors: { [otherBlock]: NO_SUBMITTER } }));
    const features = featuresOf(runtime, context);
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
