/**
 * Saving the custom-field modal: the submission read from Slack's payload, answered by the use case
 * (features/custom-fields/custom-field-submission.ts) through the form port in modal mode; a watched card re-rendered
 * keeps what a delivery shows (features/watching/watched-card-context.ts).
 */
import { INPUT } from '../../cards/ids.js';
import { submitCustomFieldForm } from '../../features/custom-fields/custom-field-submission.js';
import { watchedCardContext } from '../../features/watching/watched-card-context.js';
import { featuresOf } from '../context/feature-context.js';
import type { SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createCustomFieldSubmissionListener(runtime: SlackRuntime) {
  return guardSubmission(runtime.logger, INPUT.customFieldSlug.block, async (args) => {
    const features = featuresOf(runtime, args.context);
    const startedAt = performance.now();
    await submitCustomFieldForm(features, formSubmission(args), {
      form: formPort(runtime, features, args, startedAt),
      watchedCard: (key, now) => watchedCardContext(runtime, features, key, now),
    });
  });
}
