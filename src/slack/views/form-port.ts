/**
 * The form port (features/forms/form-port.ts) over a view_submission: the submission read from Slack's payload, a
 * refusal as the `errors` ack, and the write as `runWrite` in modal mode (the ack answers the form within the
 * deadline) with the request's Replier at the place the use case names.
 */
import type { FeatureContext } from '../../features/context.js';
import type { FormPort, FormSubmission } from '../../features/forms/form-port.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { writeRunner } from '../write/run-write.js';
import { submittedState, submitter, type ViewSubmissionArgs } from './view-args.js';

/** The submission as its use case reads it. */
export function formSubmission({ body, view }: Pick<ViewSubmissionArgs, 'body' | 'view'>): FormSubmission {
  return {
    viewId: view.id,
    metadata: view.private_metadata,
    values: submittedState(view),
    actor: submitter(body),
  };
}

/** The port for one submission; `startedAt` is `performance.now()` when it arrived (the deadline counts from there). */
export function formPort(
  runtime: SlackRuntime,
  features: FeatureContext,
  { ack, body, client, context }: Pick<ViewSubmissionArgs, 'ack' | 'body' | 'client' | 'context'>,
  startedAt: number,
): FormPort {
  const { userId, teamId } = submitter(body);
  return {
    replayWindowMs: runtime.timing.redeliveryWindowMs,
    refuse: (errors) => ack({ response_action: 'errors', errors }),
    open(place, failures) {
      const replier = createReplier(
        { client: withChatApi(client, chatOf(runtime, context)), respond: null, logger: runtime.logger },
        {
          teamId,
          channelId: place.channelId,
          userId,
          card: place.card && { ...place.card, isPrivate: false },
        },
      );
      const run = writeRunner(
        { runtime, replier, directoryClient: client, tenant: features.tenant },
        { kind: 'modal', ack, startedAt, ...failures },
      );
      return {
        run,
        replies: {
          replaceCard: (message) => replier.replaceCard(message),
          announce: (message) => replier.announce(message),
          postCard: (message, options) => replier.card(message, 'channel', options),
        },
      };
    },
  };
}
