/** A SlackRuntime for in-process tests: fixed clock, in-memory claims and ledger, placeholder examples. */

import { PLACEHOLDER_EXAMPLES } from '../../../src/cards/example-numbers.js';
import { type Clock, fixedClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { createIdempotencyStore } from '../../../src/features/idempotency/index.js';
import { claimsFromIdempotencyStore } from '../../../src/features/writes/claims.js';
import { DEFAULT_TIMING } from '../../../src/features/writes/interaction-timing.js';
import { createClaimsLedger } from '../../../src/features/writes/write-ledger.js';
import { type Logger, silentLogger } from '../../../src/logger.js';
import { readPayloadContext } from '../../../src/slack/context/payload-context.js';
import { createMemberDirectory } from '../../../src/slack/policy/member-directory.js';
import type { SlackRuntime } from '../../../src/slack/runtime.js';
import { singleTenant, singleTenantDirectory } from '../../../src/tenancy/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { FAKE_IDENTITY } from './fake-slack-api.js';

export function createTestRuntime(options: {
  tracking: TrackingClient;
  clock?: Clock;
  logger?: Logger;
  env?: Record<string, string>;
}): SlackRuntime {
  const clock = options.clock ?? fixedClock('2026-03-10T12:00:00Z');
  const claims = claimsFromIdempotencyStore(createIdempotencyStore({ clock }));
  const config = loadConfig({
    SLACK_BOT_TOKEN: 'xoxb-unit-test',
    SLACK_SIGNING_SECRET: 'unit-secret',
    // The stand-in's host: response_urls on it are answered, as Slack's own are.
    SLACK_API_URL: 'https://hooks.slack.test/api/',
    ...options.env,
  });
  return {
    config,
    tenancy: singleTenantDirectory(singleTenant(config, { id: 'test-account', tracking: options.tracking })),
    logger: options.logger ?? silentLogger,
    clock,
    directory: createMemberDirectory({ clock }),
    claims,
    ledger: createClaimsLedger(claims, DEFAULT_TIMING),
    timing: DEFAULT_TIMING,
    examples: PLACEHOLDER_EXAMPLES,
    // The fake Slack's workspace: its people report this team in users.info.
    home: () => ({ teamId: FAKE_IDENTITY.team.id, enterpriseId: null }),
  };
}

/** A Bolt context as the tenant middleware leaves it, for listeners called directly (unit tests). */
export async function testContext(runtime: SlackRuntime, body: unknown): Promise<Record<string, unknown>> {
  const tenant = await runtime.tenancy.resolve({ teamId: null, enterpriseId: null });
  if (!tenant) throw new Error('the test runtime serves one tenant');
  return { shipwatch: { payload: readPayloadContext(body), tenant } };
}
