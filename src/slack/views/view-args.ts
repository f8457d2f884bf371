/** The arguments Bolt passes a view_submission listener, and the few facts every submission needs from them. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { Logger } from '../../logger.js';
import { readPayloadContext } from '../context/payload-context.js';
import type { StateValues } from './state.js';

export type ViewSubmissionArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Who submitted (the one payload reader, context/payload-context.ts); a missing user id reads as ''. */
export function submitter(body: ViewSubmitAction): { userId: string; teamId: string | null } {
  const who = readPayloadContext(body);
  return { userId: who.userId ?? '', teamId: who.teamId };
}

/** The submitted input values, or none when the payload carries no usable state. */
export function submittedState(view: ViewSubmissionArgs['view']): StateValues {
  const values: unknown = view.state?.values;
  // SAFETY: an object here is Slack's block_id → action_id → state map; readers check every value they use.
  return values !== null && typeof values === 'object' ? (values as StateValues) : {};
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

export const NO_SUBMITTER =
  "Slack didn't say who submitted this form, so nothing was changed. Close it and try again.";

/**
 * The opening of an admin form's submission (connecting a key, a workspace's settings): who submitted, and the
 * workspace admin use cases, or the form kept open with why not (`noAdmin` when this Shipwatch has none, as in
 * single-workspace mode). Null once it has answered.
 */
export async function adminSubmitter<Admin>(
  args: Pick<ViewSubmissionArgs, 'ack' | 'body'>,
  admin: Admin | undefined,
  block: string,
  noAdmin: string,
): Promise<{ admin: Admin; userId: string; teamId: string | null } | null> {
  const { userId, teamId } = submitter(args.body);
  if (!admin) {
    await args.ack({ response_action: 'errors', errors: { [block]: noAdmin } });
    return null;
  }
  if (!userId) {
    await args.ack({ response_action: 'errors', errors: { [block]: NO_SUBMITTER } });
    return null;
  }
  return { admin, userId, teamId };
}
