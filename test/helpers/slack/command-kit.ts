/**
 * Runs slash commands in-process for unit tests: the real command functions with a fake tracking client, a fake
 * Web API client and a capturing logger, no sockets. `invoke('/shipment', 'MAEU…')` behaves as the registered listener
 * after its ack.
 */
import { fixedClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { createLogger } from '../../../src/logger.js';
import type { CommandDeps } from '../../../src/slack/listeners/commands/command-context.js';
import { createCommandRuns, type REGISTERED_COMMANDS } from '../../../src/slack/listeners/commands/index.js';
import { createMemberDirectory } from '../../../src/slack/policy/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { createFakeMessagingClient, type FakeMessagingClient } from './fake-messaging-client.js';
import { createFakeTracking, type FakeTracking } from './fake-tracking-client.js';
import { slashCommand, TEST_CHANNEL, TEST_USER } from './payloads.js';

export const KIT_NOW = '2026-03-10T12:00:00Z';

export interface CommandKit {
  slack: FakeMessagingClient;
  tracking: FakeTracking;
  logs: Array<Record<string, unknown>>;
  deps: CommandDeps;
  invoke(
    command: (typeof REGISTERED_COMMANDS)[number],
    text: string,
    options?: { userId?: string; channelId?: string },
  ): Promise<void>;
}

export function createCommandKit(
  options: { tracking?: Partial<TrackingClient>; env?: Record<string, string> } = {},
): CommandKit {
  const slack = createFakeMessagingClient();
  const tracking = createFakeTracking(options.tracking);
  const logs: Array<Record<string, unknown>> = [];
  const clock = fixedClock(KIT_NOW);
  const deps: CommandDeps = {
    config: loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-unit-test',
      SLACK_SIGNING_SECRET: 'unit-secret',
      ...options.env,
    }),
    tracking: tracking.client,
    logger: createLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line)) }),
    clock,
    directory: createMemberDirectory({ clock }),
  };
  const runs = createCommandRuns(deps);
  return {
    slack,
    tracking,
    logs,
    deps,
    invoke: (command, text, invokeOptions = {}) =>
      runs[command]({
        text,
        payload: slashCommand({
          command,
          text,
          userId: invokeOptions.userId ?? TEST_USER.id,
          channelId: invokeOptions.channelId ?? TEST_CHANNEL.id,
          responseUrl: 'https://hooks.slack.test/commands/1',
          triggerId: 'TRIGGER-1',
        }),
        client: slack.client,
        respond: slack.respond,
      }),
  };
}
