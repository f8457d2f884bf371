/**
 * Saving `/shipwatch connect`'s modal: the submission read from Slack's payload, answered by the use case
 * (features/connect/connect-form.ts) through the form port in modal mode.
 */
import { INPUT } from '../../cards/ids.js';
import { submitConnectForm } from '../../features/connect/connect-form.js';
import { featuresOf } from '../context/feature-context.js';
import type { SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createConnectSubmissionListener(runtime: SlackRuntime) {
  return guardSubmission(runtime.logger, INPUT.connectKey.block, async (args) => {
    const startedAt = performance.now();
    const features = featuresOf(runtime, args.context);
    await submitConnectForm(features, formSubmission(args), {
      form: formPort(runtime, features, args, startedAt),
      admin: runtime.workspaceAdmin,
    });
  });
}
