/**
 * The hardening suites' preset of the one bot harness (test/helpers/slack/bot-harness.ts): recognisable fake secrets
 * (bot token, signing secret, API key, the key carried end to end through the harness's key gate) and a logger that
 * records every line as production serialises it but without the per-secret scrubbing, so a secret handed to the
 * logger at all, or leaked anywhere else, is caught; and small tracking-client and Web API timeouts, so fault paths
 * finish in seconds.
 */
import {
  type BotHarness,
  type BotHarnessOptions,
  type ClientTuning,
  startBotHarness,
} from '../slack/bot-harness.js';
import { FAKE_SECRETS } from './fake-secrets.js';

export type { HttpAnswer, Sent } from '../slack/bot-harness.js';
export type World = BotHarness;

/** Small enough that a read that can never succeed ends in about 2.5 s, retries included. */
export const FAST_CLIENT: Required<ClientTuning> = {
  attemptTimeoutMs: 600,
  totalTimeoutMs: 2_500,
  maxRetries: 2,
  maxRetryAfterMs: 2_000,
  cacheTtlMs: 0,
  rateLimitPerMinute: 0,
};

export function startWorld(options: BotHarnessOptions = {}): Promise<World> {
  return startBotHarness({
    secrets: FAKE_SECRETS,
    scrubLogs: false,
    slackClient: { timeoutMs: 800, retries: 0 },
    ...options,
    client: { ...FAST_CLIENT, ...options.client },
  });
}

/** The preset for property runs: the same secrets and logs, the app fed in-process, repeated reads cached. */
export function startInProcessWorld(env: Record<string, string> = {}): Promise<World> {
  return startBotHarness({
    secrets: FAKE_SECRETS,
    scrubLogs: false,
    logLevel: 'info',
    delivery: 'in-process',
    env: { LOG_LEVEL: 'info', ...env },
    // Repeated lookups of the same demo numbers are served from the cache: the suite exercises the Slack layer.
    client: { cacheTtlMs: 60_000, rateLimitPerMinute: 0, attemptTimeoutMs: 2_000, totalTimeoutMs: 4_000 },
  });
}
