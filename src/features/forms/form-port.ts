/**
 * The form port: how a use case answers a submitted form without knowing where it was shown. It reads the submission
 * (who, the values by block id, the form's own metadata), keeps the form open with a message next to a field when
 * something is wrong before anything is written, or opens the write for it: the write runner (features/writes/
 * write-runner.ts) that answers the form within its deadline, and the replies where the form belongs (a channel, the
 * card it was opened from). `src/slack/views/form-port.ts` implements it over a view_submission.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { RunWrite } from '../writes/write-runner.js';
import type { FormValues } from './form-values.js';

/** A submitted form, as its use case reads it. */
export interface FormSubmission {
  /** The submitted form's id: with what was submitted, it names the intent (the same submission again is a replay). */
  viewId: string;
  /** What the form carries for its submission, as the use case that opened it wrote it (cards/modals/). */
  metadata: string | undefined;
  values: FormValues;
  /** Who submitted; `userId` is '' when the submission did not say. */
  actor: { userId: string; teamId: string | null };
}

/** Where the replies of a submission go: the channel the form is about, and the card it was opened from. */
export interface FormPlace {
  channelId: string | null;
  /** A public card: replaced in place, and the team's line goes in its thread. */
  card: { ts: string; threadTs: string } | null;
}

/** Where a write's failure shows in the form: a policy refusal next to one field, a failed write as mapped. */
export interface FormFailures {
  refusalBlockId: string;
  /** A write that failed in time, as block id → message shown in the form. */
  errorsFor(error: unknown): Record<string, string>;
}

/** The moves a form's use case makes where it belongs, once written. */
export interface FormReplies {
  /** Re-renders the card the form was opened from, in place (shown to the person when that is refused). */
  replaceCard(message: SlackMessage): Promise<unknown>;
  /** A line the team must see: the card's thread, else the channel. */
  announce(message: SlackMessage): Promise<unknown>;
  /** A new card in the channel; `auditLine` goes in its thread (or at its foot when it got none). */
  postCard(message: SlackMessage, options: { auditLine: SlackMessage }): Promise<unknown>;
}

export interface FormPort {
  /** How long the same submission again is refused as a replay (the surface's re-delivery window). */
  readonly replayWindowMs: number;
  /** Keeps the form open with a message next to each named block; nothing is written. */
  refuse(errors: Record<string, string>): Promise<void>;
  /** The write of this submission, its replies at `place`: the runner answers the form (closed, or `failures`). */
  open(place: FormPlace, failures: FormFailures): { run: RunWrite; replies: FormReplies };
}
