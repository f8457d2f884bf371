/** The arguments Bolt passes a view_submission listener, and the few facts every submission needs from them. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';

export type ViewSubmissionArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export function submitter(body: ViewSubmitAction) {
  return { userId: body.user.id, teamId: body.team?.id ?? body.user.team_id ?? null };
}
