/**
 * How the bot talks to Slack's Web API. Bolt's defaults retry a failed call for up to 30 minutes and wait out every
 * 429; a person waiting on a slash command needs an answer in seconds, and a failed post has a fallback route (the
 * response_url), so calls here time out quickly, retry briefly, and reject rate-limited calls at once.
 */
import type { webApi } from '@slack/bolt';
import type { Config } from '../config/env.js';
import type { SlackClientTuning } from './types.js';

export const SLACK_CLIENT_DEFAULTS = { timeoutMs: 4_000, retries: 2 } as const;

export function slackClientOptions(config: Config, tuning: SlackClientTuning = {}): webApi.WebClientOptions {
  const timeoutMs = tuning.timeoutMs ?? SLACK_CLIENT_DEFAULTS.timeoutMs;
  return {
    ...(config.slack.apiUrl ? { slackApiUrl: config.slack.apiUrl } : {}),
    timeout: timeoutMs,
    retryConfig: {
      retries: tuning.retries ?? SLACK_CLIENT_DEFAULTS.retries,
      factor: 2,
      minTimeout: 250,
      maxTimeout: 1_000,
      randomize: true,
    },
    rejectRateLimitedCalls: true,
    // Bolt's `respond()` (response_url POSTs) uses this fetch too and sets no timeout of its own.
    fetch: fetchWithDefaultTimeout(timeoutMs),
  };
}

/** globalThis.fetch with an abort deadline for requests that do not bring their own signal. */
export function fetchWithDefaultTimeout(timeoutMs: number): webApi.FetchFunction {
  return async (url, init) => {
    const response = await fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    // SAFETY: Node's Response has Headers#entries(); TypeScript misses it only because the project's lib has DOM
    // without DOM.Iterable.
    return response as unknown as Awaited<ReturnType<webApi.FetchFunction>>;
  };
}
