/**
 * Saving `/shipwatch settings workspace`'s modal (OAuth mode): the submission read from Slack's payload, answered by
 * the use case (features/settings/workspace-settings-form.ts) through the form port in modal mode.
 */
import { INPUT } from '../../cards/ids.js';
import { submitWorkspaceSettingsForm } from '../../features/settings/workspace-settings-form.js';
import { featuresOf } from '../context/feature-context.js';
import type { SlackRuntime } from '../runtime.js';
import { formPort, formSubmission } from './form-port.js';
import { guardSubmission } from './view-args.js';

export function createWorkspaceSettingsSubmissionListener(runtime: SlackRuntime) {
  return guardSubmission(runtime.logger, INPUT.settingsEditors.block, async (args) => {
    const startedAt = performance.now();
    const features = featuresOf(runtime, args.context);
    await submitWorkspaceSettingsForm(features, formSubmission(args), {
      form: formPort(runtime, features, args, startedAt),
      admin: runtime.workspaceAdmin,
    });
  });
}
