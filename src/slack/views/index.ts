/** The modal submissions the app handles; a test checks every form a card opens has its listener here. */
import type { App } from '@slack/bolt';
import { VIEW } from '../../cards/index.js';
import type { SlackRuntime } from '../runtime.js';
import { createConnectSubmissionListener } from './connect-submission.js';
import { createCustomFieldSubmissionListener } from './custom-field-submission.js';
import { createTrackEditSubmissionListener } from './track-edit-submission.js';
import { createWatchSettingsSubmissionListener } from './watch-settings-submission.js';
import { createWorkspaceSettingsSubmissionListener } from './workspace-settings-submission.js';

const SUBMISSIONS = [
  [VIEW.customField, createCustomFieldSubmissionListener],
  [VIEW.trackEdit, createTrackEditSubmissionListener],
  [VIEW.watchSettings, createWatchSettingsSubmissionListener],
  [VIEW.connect, createConnectSubmissionListener],
  [VIEW.workspaceSettings, createWorkspaceSettingsSubmissionListener],
] as const;

/** Every view callback_id with a submission listener (the loading view has no submit button). */
export const REGISTERED_VIEW_IDS: readonly string[] = SUBMISSIONS.map(([id]) => id);

export function registerViews(app: App, runtime: SlackRuntime): void {
  for (const [id, create] of SUBMISSIONS) app.view(id, create(runtime));
}
