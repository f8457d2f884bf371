/**
 * The app's surfaces: its three tables (slash commands, buttons, events). `buildSlackApp` registers exactly these; a
 * composition that adds a surface (a deployment's own command, or a test proving what adding one takes) passes its
 * own tables through `BotDependencies.surfaces`.
 */

import type { ButtonSpec } from './actions/button.js';
import { BUTTONS } from './actions/index.js';
import type { CommandSpec } from './commands/command.js';
import { COMMANDS } from './commands/index.js';
import { EVENTS, type EventSpec } from './events/index.js';

export interface SlackSurfaces {
  commands: readonly CommandSpec[];
  buttons: readonly ButtonSpec[];
  events: readonly EventSpec[];
}

export const APP_SURFACES: SlackSurfaces = { commands: COMMANDS, buttons: BUTTONS, events: EVENTS };
