/**
 * Registers every slash command. The table below is the single list: `REGISTERED_COMMANDS` is derived from it, and a
 * test checks it against manifest.yml and the help card, so a command cannot exist in one place only.
 */
import type { App } from '@slack/bolt';
import { eventLoopTurns } from '../../../turns.js';
import { createMemberDirectory, type MemberDirectory } from '../../policy/index.js';
import type { BotDependencies } from '../../types.js';
import { COMMAND_CONCURRENCY, createWorkLimiter } from '../../work-limiter.js';
import {
  type CommandDeps,
  type CommandRun,
  createCommandListener,
  registerCommandListeners,
  withReadPolicy,
} from './command-context.js';
import { createEmailSubmissionCommand, EMAIL_SUBMISSION_COMMAND } from './email-submission.js';
import { createShipmentCommand, SHIPMENT_COMMAND } from './shipment.js';
import { createShipwatchCommand, SHIPWATCH_COMMAND } from './shipwatch.js';
import { createTrackEditCommand, TRACK_EDIT_COMMAND } from './track-edit.js';
import { createVesselCommand, VESSEL_COMMAND } from './vessel.js';

export const REGISTERED_COMMANDS = [
  SHIPMENT_COMMAND,
  VESSEL_COMMAND,
  TRACK_EDIT_COMMAND,
  EMAIL_SUBMISSION_COMMAND,
  SHIPWATCH_COMMAND,
] as const;

export function registerCommands(
  app: App,
  bot: BotDependencies,
  directory: MemberDirectory = createMemberDirectory({ clock: bot.clock }),
): void {
  const deps: CommandDeps = { ...bot, directory };
  const runs = createCommandRuns(deps);
  const limiter = createWorkLimiter(COMMAND_CONCURRENCY, eventLoopTurns);
  const options = { limiter, chat: deps.chat };
  registerCommandListeners(
    app,
    new Map(
      REGISTERED_COMMANDS.map((name) => [
        name,
        createCommandListener(name, runs[name], deps.logger, options),
      ]),
    ),
  );
}

/** Every command's run function, by command name (tests call these directly). */
export function createCommandRuns(
  deps: CommandDeps,
): Record<(typeof REGISTERED_COMMANDS)[number], CommandRun> {
  // Help (`/shipwatch`) needs no channel permission: it shows no shipment data; its subcommands are checked.
  const shipment = withReadPolicy(deps, createShipmentCommand(deps));
  const vessel = withReadPolicy(deps, createVesselCommand(deps));
  const trackEdit = withReadPolicy(deps, createTrackEditCommand(deps));
  const emailSubmission = withReadPolicy(deps, createEmailSubmissionCommand(deps));
  const shipwatch = createShipwatchCommand(deps, {
    shipment,
    vessel,
    'track-edit': trackEdit,
    trackedit: trackEdit,
    'email-submission': emailSubmission,
    email: emailSubmission,
  });
  return {
    [SHIPMENT_COMMAND]: shipment,
    [VESSEL_COMMAND]: vessel,
    [TRACK_EDIT_COMMAND]: trackEdit,
    [EMAIL_SUBMISSION_COMMAND]: emailSubmission,
    [SHIPWATCH_COMMAND]: shipwatch,
  };
}
