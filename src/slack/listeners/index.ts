/** Every listener the app has: slash commands (this helper) and interactions (buttons, menus, modals). */
import type { App } from '@slack/bolt';
import type { BotDependencies } from '../types.js';
import { registerCommands } from './commands/index.js';
import { registerInteractions } from './interactions.js';

export function registerListeners(app: App, deps: BotDependencies): void {
  registerCommands(app, deps);
  registerInteractions(app, deps);
}
