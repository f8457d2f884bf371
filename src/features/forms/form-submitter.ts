/** Who submitted a form, before anything else is read: without a person nothing can be checked or attributed. */
import type { FormPort, FormSubmission } from './form-port.js';

export const NO_SUBMITTER =
  "Slack didn't say who submitted this form, so nothing was changed. Close it and try again.";

/** True when the submission names who sent it; otherwise the form is kept open with why (next to `block`). */
export async function hasSubmitter(
  form: Pick<FormPort, 'refuse'>,
  submission: Pick<FormSubmission, 'actor'>,
  block: string,
): Promise<boolean> {
  if (submission.actor.userId) return true;
  await form.refuse({ [block]: NO_SUBMITTER });
  return false;
}

/**
 * The opening of an admin form's submission (connecting a key, a workspace's settings): the workspace admin use
 * cases and who submitted, or the form kept open with why not (`noAdmin` when this Shipwatch has none, as in
 * single-workspace mode). Null once it has answered.
 */
export async function adminOfForm<Admin>(
  form: Pick<FormPort, 'refuse'>,
  submission: Pick<FormSubmission, 'actor'>,
  admin: Admin | undefined,
  block: string,
  noAdmin: string,
): Promise<Admin | null> {
  if (!admin) {
    await form.refuse({ [block]: noAdmin });
    return null;
  }
  return (await hasSubmitter(form, submission, block)) ? admin : null;
}
