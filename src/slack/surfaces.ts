/**
 * The app's surfaces: its tables (slash commands, buttons, events, shortcuts). `buildSlackApp` registers exactly these; a
 * composition that adds a surface (a deployment's own command, or a test proving what adding one takes) passes its
 * own tables through `BotDependencies.surfaces`.
 */

import type { ButtonSpec } from './actions/button.js';
import { BUTTONS } from './actions/index.js';
import type { CommandSpec } from './commands/command.js';
import { COMMANDS } from './commands/index.js';
import { EVENTS, type EventSpec } from './events/index.js';
import { SHORTCUTS } from './shortcuts/index.js';
import type { ShortcutSpec } from './shortcuts/shortcut.js';

export interface SlackSurfaces {
  commands: readonly CommandSpec[];
  buttons: readonly ButtonSpec[];
  events: readonly EventSpec[];
  shortcuts: readonly ShortcutSpec[];
}

export const APP_SURFACES: SlackSurfaces = {
  commands: COMMANDS,
  buttons: BUTTONS,
  events: EVENTS,
  shortcuts: SHORTCUTS,
};
