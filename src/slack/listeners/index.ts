/** Every listener the app has: slash commands (this helper) and interactions (buttons, menus, modals). */
import type { App } from '@slack/bolt';
import { createMemberDirectory } from '../policy/index.js';
import type { BotDependencies } from '../types.js';
import { registerCommands } from './commands/index.js';
import { registerInteractions } from './interactions.js';

export function registerListeners(app: App, deps: BotDependencies): void {
  // One cache of who is a guest / in which group: `/track-edit` and the buttons after it ask about the same people.
  const directory = createMemberDirectory({ clock: deps.clock });
  registerCommands(app, deps, directory);
  registerInteractions(app, deps, { directory });
}
