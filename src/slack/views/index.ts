/** The modal submissions the app handles; a test checks every form a card opens has its listener here. */
import type { App, ViewSubmitAction } from '@slack/bolt';
import { VIEW } from '../../cards/index.js';
import { exactNames } from '../exact-names.js';
import type { SlackRuntime } from '../runtime.js';
import { createConnectSubmissionListener } from './connect-submission.js';
import { createCustomFieldSubmissionListener } from './custom-field-submission.js';
import { createTrackCarrierSubmissionListener } from './track-carrier-submission.js';
import { createTrackEditSubmissionListener } from './track-edit-submission.js';
import { createWatchSettingsSubmissionListener } from './watch-settings-submission.js';
import { createWorkspaceSettingsSubmissionListener } from './workspace-settings-submission.js';

const SUBMISSIONS = [
  [VIEW.customField, createCustomFieldSubmissionListener],
  [VIEW.trackEdit, createTrackEditSubmissionListener],
  [VIEW.watchSettings, createWatchSettingsSubmissionListener],
  [VIEW.connect, createConnectSubmissionListener],
  [VIEW.workspaceSettings, createWorkspaceSettingsSubmissionListener],
  [VIEW.trackCarrier, createTrackCarrierSubmissionListener],
] as const;

/** Every view callback_id with a submission listener (the loading view has no submit button). */
export const REGISTERED_VIEW_IDS: readonly string[] = SUBMISSIONS.map(([id]) => id);

/**
 * One Bolt listener for every form, routed on callback_id (exact-names.ts says why not one each). A submission of
 * any other form matches no listener, as before.
 */
export function registerViews(app: App, runtime: SlackRuntime): void {
  const listeners = new Map<string, ReturnType<(typeof SUBMISSIONS)[number][1]>>(
    SUBMISSIONS.map(([id, create]) => [id, create(runtime)]),
  );
  app.view<ViewSubmitAction>(
    { type: 'view_submission', callback_id: exactNames(REGISTERED_VIEW_IDS) },
    async (args) => {
      await listeners.get(args.view.callback_id)?.(args);
    },
  );
}
