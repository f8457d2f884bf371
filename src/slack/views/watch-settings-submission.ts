/**
 * Saving `/shipwatch settings`: the submission read from Slack's payload, answered by the use case
 * (features/watching/channel-settings-form.ts) through the form port in modal mode.
 */
import { INPUT } from '../../cards/ids.js';
import { submitChannelSettingsForm } from '../../features/watching/channel-settings-form.js';
import { featuresOf } from '../context/feature-context.js';
import type { SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createWatchSettingsSubmissionListener(runtime: SlackRuntime) {
  return guardSubmission(runtime.logger, INPUT.watchCategories.block, async (args) => {
    const startedAt = performance.now();
    const features = featuresOf(runtime, args.context);
    await submitChannelSettingsForm(features, formSubmission(args), {
      form: formPort(runtime, features, args, startedAt),
    });
  });
}
