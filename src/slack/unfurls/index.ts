/** Links as Work Objects (docs/unfurls.md): the two events, registered on the app. */
import type { App } from '@slack/bolt';
import type { SlackRuntime } from '../runtime.js';
import { entityDetailsListener } from './entity-details.js';
import { linkSharedListener } from './link-shared.js';

export function registerUnfurls(app: App, runtime: SlackRuntime): void {
  app.event('link_shared', linkSharedListener(runtime));
  app.event('entity_details_requested', entityDetailsListener(runtime));
}
