/**
 * Registers every interactive listener (buttons, overflow menus, modal submissions) on a Bolt app.
 * Work in progress: the listeners are being added one by one; the export is stable.
 */
import type { App } from '@slack/bolt';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config/env.js';
import type { Logger } from '../../logger.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';

/** Structurally the same as `BotDependencies` from `src/slack/index.ts`. */
export interface InteractionDependencies {
  config: Readonly<Config>;
  tracking: TrackingClient;
  logger: Logger;
  clock: Clock;
}

/** Registers the interaction listeners on `app`. */
export function registerInteractions(_app: App, _deps: InteractionDependencies): void {}
