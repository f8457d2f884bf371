/**
 * Runs slash commands in-process for unit tests: the real command functions with a fake tracking client, a fake
 * Web API client and a capturing logger, no sockets. `invoke('/shipment', 'MAEU…')` behaves as the registered listener
 * after its ack.
 */
import { fixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/logger.js';
import type { CommandSpec } from '../../../src/slack/commands/command.js';
import { createCommandRuns } from '../../../src/slack/commands/index.js';
import { featuresFor } from '../../../src/slack/context/feature-context.js';
import { createReplier } from '../../../src/slack/delivery/replier.js';
import type { SlackRuntime } from '../../../src/slack/runtime.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { createFakeTracking, type FakeTracking } from '../fake-tracking-client.js';
import { createFakeMessagingClient, type FakeMessagingClient } from './fake-messaging-client.js';
import { slashCommand, TEST_CHANNEL, TEST_USER } from './payloads.js';
import { createTestRuntime } from './test-runtime.js';

export const KIT_NOW = '2026-03-10T12:00:00Z';

export interface CommandKit {
  slack: FakeMessagingClient;
  tracking: FakeTracking;
  logs: Array<Record<string, unknown>>;
  runtime: SlackRuntime;
  invoke(command: string, text: string, options?: { userId?: string; channelId?: string }): Promise<void>;
}

export function createCommandKit(
  options: {
    tracking?: Partial<TrackingClient>;
    env?: Record<string, string>;
    /** The command table (default: the app's). */
    commands?: readonly CommandSpec[];
  } = {},
): CommandKit {
  const slack = createFakeMessagingClient();
  const tracking = createFakeTracking(options.tracking);
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(JSON.parse(line)) });
  const runtime = createTestRuntime({
    tracking: tracking.client,
    clock: fixedClock(KIT_NOW),
    logger,
    ...(options.env ? { env: options.env } : {}),
  });
  const runs = createCommandRuns(runtime, options.commands);
  return {
    slack,
    tracking,
    logs,
    runtime,
    invoke: async (command, text, invokeOptions = {}) => {
      const run = runs.get(command);
      if (!run) throw new Error(`no command ${command}`);
      const userId = invokeOptions.userId ?? TEST_USER.id;
      const channelId = invokeOptions.channelId ?? TEST_CHANNEL.id;
      await run({
        text,
        payload: slashCommand({
          command,
          text,
          userId,
          channelId,
          responseUrl: 'https://hooks.slack.test/commands/1',
          triggerId: 'TRIGGER-1',
        }),
        client: slack.client,
        features: featuresFor(runtime, await singleTenantOf(runtime)),
        replier: createReplier(
          { client: slack.client, respond: slack.respond, logger },
          { channelId, userId, card: null },
        ),
      });
    },
  };
}

/** The runtime's one tenant (the test runtime serves a single workspace). */
async function singleTenantOf(runtime: SlackRuntime) {
  const tenant = await runtime.tenancy.resolve({ teamId: null, enterpriseId: null });
  if (!tenant) throw new Error('the test runtime serves one tenant');
  return tenant;
}
