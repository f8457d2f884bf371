/** The arguments Bolt passes a view_submission listener, and the few facts every submission needs from them. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { FormValues } from '../../features/forms/form-values.js';
import type { Logger } from '../../logger.js';
import { readPayloadContext } from '../context/payload-context.js';

export type ViewSubmissionArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Who submitted (the one payload reader, context/payload-context.ts); a missing user id reads as ''. */
export function submitter(body: ViewSubmitAction): { userId: string; teamId: string | null } {
  const who = readPayloadContext(body);
  return { userId: who.userId ?? '', teamId: who.teamId };
}

/** The submitted input values, or none when the payload carries no usable state. */
export function submittedState(view: ViewSubmissionArgs['view']): FormValues {
  const values: unknown = view.state?.values;
  // SAFETY: an object here is Slack's block_id → action_id → state map; readers check every value they use.
  return values !== null && typeof values === 'object' ? (values as FormValues) : {};
}

/**
 * Wraps a submission listener so that whatever it throws, Slack still gets exactly one ack: an unexpected failure
 * before the ack becomes an error next to `fallbackBlockId` (the modal stays open), never an operation_timeout.
 */
export function guardSubmission(
  logger: Logger,
  fallbackBlockId: string,
  listener: (args: ViewSubmissionArgs) => Promise<void>,
): (args: ViewSubmissionArgs) => Promise<void> {
  return async (args) => {
    let acked = false;
    const ack: ViewSubmissionArgs['ack'] = async (response) => {
      acked = true;
      await args.ack(response);
    };
    try {
      await listener({ ...args, ack });
    } catch (error) {
      logger.error('view submission failed', { callbackId: args.view?.callback_id ?? null, error });
      if (!acked) {
        await args.ack({
          response_action: 'errors',
          errors: { [fallbackBlockId]: 'Something went wrong; this was not saved. Try again in a moment.' },
        });
      }
    }
  };
}
