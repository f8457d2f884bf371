/**
 * Saving the track-edit modal: the submission read from Slack's payload, answered by the use case
 * (features/tracking-requests/track-edit-submission.ts) through the form port in modal mode.
 */
import { INPUT } from '../../cards/ids.js';
import { submitTrackEditForm } from '../../features/tracking-requests/track-edit-submission.js';
import { featuresOf } from '../context/feature-context.js';
import type { SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createTrackEditSubmissionListener(runtime: SlackRuntime) {
  return guardSubmission(runtime.logger, INPUT.trackEditRef.block, async (args) => {
    const features = featuresOf(runtime, args.context);
    const startedAt = performance.now();
    await submitTrackEditForm(features, formSubmission(args), {
      form: formPort(runtime, features, args, startedAt),
    });
  });
}
