/**
 * The table of event surfaces: the one list, like COMMANDS and BUTTONS. Registration derives from it and a test
 * compares it with the events manifest.yml subscribes to. Adding an event surface means its handler file (with its
 * declaration), its feature and card, its line here and in manifest.yml, plus tests. The events that end an
 * installation (app_uninstalled, tokens_revoked) are OAuth mode's own (slack/oauth/uninstall-events.ts).
 */
import type { App } from '@slack/bolt';
import { exactNames } from '../exact-names.js';
import { homeOpenedEvent } from '../home/home-event.js';
import type { SlackRuntime } from '../runtime.js';
import { entityDetailsSurface } from '../unfurls/entity-details.js';
import { linkSharedSurface } from '../unfurls/link-shared.js';
import { createEventListener, type EventArgs, type EventSpec } from './event.js';

export type { EventDelivery, EventSpec } from './event.js';

export const EVENTS: readonly EventSpec[] = [homeOpenedEvent, linkSharedSurface, entityDetailsSurface];

/** The events that end an installation: OAuth mode's own listeners (slack/oauth/uninstall-events.ts). */
export const INSTALLATION_EVENTS: readonly string[] = ['app_uninstalled', 'tokens_revoked'];

/** Every Events API type the app subscribes to (what manifest.yml must declare). */
export const SUBSCRIBED_EVENTS: readonly string[] = [
  ...EVENTS.map((spec) => spec.event),
  ...INSTALLATION_EVENTS,
];

/** One Bolt listener for every event surface, routed on the event's type (exact-names.ts says why not one each). */
export function registerEvents(app: App, runtime: SlackRuntime, events: readonly EventSpec[] = EVENTS): void {
  if (events.length === 0) return;
  const listeners = new Map(events.map((spec) => [spec.event, createEventListener(runtime, spec)]));
  app.event(exactNames([...listeners.keys()]), async (args) => {
    await listeners.get(args.event.type)?.(args as EventArgs);
  });
}
