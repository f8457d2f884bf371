/**
 * The whole bot on loopback for the hardening suites, started the way production starts it (`startBot`, HTTP mode,
 * 127.0.0.1, port 0) but with everything the suites need to observe or break it:
 *
 * - recognisable fake secrets (bot token, signing secret, API key), the API key carried end to end through a key gate
 *   (key-gate.ts), so a leak of any of them anywhere is detectable;
 * - the real tracking client over HTTP to the embedded simulator, with small timeouts so fault paths finish in
 *   seconds, and a recorder of every error it rejects with;
 * - the shared fake Slack Web API and response_url catcher (test/helpers/slack), and every HTTP answer the bot gave;
 * - a logger that records every line exactly as production serialises it, but without the per-secret scrubbing, so
 *   a secret handed to the logger at all is caught.
 *
 * The shared `startBotHarness` generates its own secrets and client settings, hence this composition of the same parts.
 */
import { type Clock, systemClock } from '../../../src/clock.js';
import { type Config, loadConfig } from '../../../src/config/env.js';
import { createLogger } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import {
  createSimulator,
  type RunningSimulator,
  type Simulator,
  type SimulatorOptions,
} from '../../../src/simulator/index.js';
import { type RunningBot, type SlackClientTuning, startBot } from '../../../src/slack/index.js';
import { createTrackingClient, type TrackingClientOptions } from '../../../src/tracking/index.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { type FakeSlackApi, startFakeSlackApi } from '../slack/fake-slack-api.js';
import {
  type ButtonActionInput,
  blockAction,
  interactionBody,
  nextId,
  type OverflowActionInput,
  slashCommandBody,
  TEST_USER,
  type ViewSubmissionInput,
  viewSubmission,
} from '../slack/payloads.js';
import { type ResponseUrlCatcher, startResponseUrlCatcher } from '../slack/response-url-catcher.js';
import { FAKE_SECRETS, type FakeSecrets } from './fake-secrets.js';
import { createKeyGate, type KeyGate } from './key-gate.js';
import { type RecordedTrackingError, recordTrackingErrors } from './recording-tracking.js';

export type ClientTuning = Pick<
  TrackingClientOptions,
  | 'attemptTimeoutMs'
  | 'totalTimeoutMs'
  | 'maxRetries'
  | 'maxRetryAfterMs'
  | 'cacheTtlMs'
  | 'rateLimitPerMinute'
>;

/** Small enough that a read that can never succeed ends in about 2.5 s, retries included. */
export const FAST_CLIENT: Required<ClientTuning> = {
  attemptTimeoutMs: 600,
  totalTimeoutMs: 2_500,
  maxRetries: 2,
  maxRetryAfterMs: 2_000,
  cacheTtlMs: 0,
  rateLimitPerMinute: 0,
};

/** Longest any request to the bot may take before the test counts it as unanswered. */
export const REQUEST_TIMEOUT_MS = 8_000;

export interface WorldOptions {
  /** Extra environment for loadConfig (SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS, …). */
  env?: Record<string, string>;
  simulator?: SimulatorOptions;
  client?: ClientTuning;
  slackClient?: SlackClientTuning;
  clock?: Clock;
  secrets?: FakeSecrets;
}

export interface HttpAnswer {
  status: number;
  body: string;
  elapsedMs: number;
}

/** A request the world sent to the bot, with where its answers will show up. */
export interface Sent extends HttpAnswer {
  channelId: string;
  userId: string;
  responseUrl: string;
  startedAt: number;
  callsBefore: number;
}

export interface World {
  url: string;
  secrets: FakeSecrets;
  config: Readonly<Config>;
  sim: Simulator;
  simUrl: string;
  gate: KeyGate;
  slack: FakeSlackApi;
  responseUrls: ResponseUrlCatcher;
  /** Every log line, raw (as written) and parsed. */
  logLines: string[];
  logs: Array<Record<string, unknown>>;
  trackingErrors: RecordedTrackingError[];
  /** Every HTTP answer the bot gave on /slack/events. */
  answers: HttpAnswer[];
  /** Every body POSTed to /slack/events, as sent. */
  sentBodies: string[];
  command(
    command: string,
    text?: string,
    options?: { userId?: string; channelId?: string; responseUrl?: string },
  ): Promise<Sent>;
  action(
    input: (ButtonActionInput | OverflowActionInput) & { channelId?: string },
    headers?: Record<string, string>,
  ): Promise<Sent & { body: string; rawBody: string }>;
  submitView(
    input: ViewSubmissionInput,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer & { rawBody: string }>;
  /** POSTs a body signed with the signing secret (plus extra headers, e.g. X-Slack-Retry-Num). */
  postSigned(body: string, headers?: Record<string, string>, timeoutMs?: number): Promise<HttpAnswer>;
  /** POSTs exactly these bytes and headers (for forged and unsigned requests). */
  postRaw(body: string, headers: Record<string, string>, timeoutMs?: number): Promise<HttpAnswer>;
  /** Forgets recorded requests, calls, posts, logs and errors, and clears scripted faults. */
  resetRecords(): void;
  stop(): Promise<void>;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const secrets = options.secrets ?? FAKE_SECRETS;
  const clock = options.clock ?? systemClock;
  const logLines: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: 'debug',
    write: (line) => {
      logLines.push(line);
      logs.push(JSON.parse(line));
    },
  });

  const slack = await startFakeSlackApi({ botToken: secrets.botToken });
  const responseUrls = await startResponseUrlCatcher();
  const sim = createSimulator({ clock, ...options.simulator });
  let running: RunningSimulator;
  try {
    running = await sim.listen({ port: 0 });
  } catch (error) {
    await Promise.allSettled([slack.close(), responseUrls.close()]);
    throw error;
  }
  const gate = createKeyGate(secrets.apiKey, DEMO.apiKeys.full);
  const tuning = { ...FAST_CLIENT, ...options.client };
  const recorded = recordTrackingErrors(
    createTrackingClient({
      baseUrl: running.url,
      apiKey: secrets.apiKey,
      clock,
      logger,
      transport: gate.transport,
      ...tuning,
    }),
  );

  const config = loadConfig({
    SLACK_BOT_TOKEN: secrets.botToken,
    SLACK_SIGNING_SECRET: secrets.signingSecret,
    SLACK_API_URL: slack.url,
    TRACKING_API_URL: running.url,
    TRACKING_API_KEY: secrets.apiKey,
    PORT: '0',
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const closeBackends = () =>
    Promise.allSettled([slack.close(), responseUrls.close(), running.close(), gate.close()]);
  let bot: RunningBot;
  try {
    bot = await startBot({
      config,
      tracking: recorded.client,
      logger,
      clock,
      port: 0,
      host: '127.0.0.1',
      slackClient: options.slackClient ?? { timeoutMs: 800, retries: 0 },
    });
  } catch (error) {
    await closeBackends();
    throw error;
  }
  const eventsUrl = `${bot.url ?? ''}/slack/events`;
  const answers: HttpAnswer[] = [];
  const sentBodies: string[] = [];

  const postRaw = async (
    body: string,
    headers: Record<string, string>,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<HttpAnswer> => {
    sentBodies.push(body);
    const started = performance.now();
    const response = await fetch(eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
      // A request the bot never answers must fail the test that sent it, not hang the suite.
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const answer = { status: response.status, body: text, elapsedMs: performance.now() - started };
    answers.push(answer);
    return answer;
  };
  const postSigned = (body: string, headers: Record<string, string> = {}, timeoutMs?: number) =>
    postRaw(body, { ...signSlackRequest(secrets.signingSecret, body), ...headers }, timeoutMs);

  return {
    url: bot.url ?? '',
    secrets,
    config,
    sim,
    simUrl: running.url,
    gate,
    slack,
    responseUrls,
    logLines,
    logs,
    trackingErrors: recorded.errors,
    answers,
    sentBodies,
    async command(command, text = '', commandOptions = {}) {
      const channelId = commandOptions.channelId ?? nextId('C');
      const userId = commandOptions.userId ?? TEST_USER.id;
      const responseUrl = commandOptions.responseUrl ?? responseUrls.newUrl();
      const callsBefore = slack.calls.length;
      const startedAt = performance.now();
      const body = slashCommandBody({ command, text, channelId, userId, responseUrl });
      const answer = await postSigned(body);
      return { ...answer, channelId, userId, responseUrl, startedAt, callsBefore };
    },
    async action(input, headers = {}) {
      const responseUrl = input.responseUrl ?? responseUrls.newUrl();
      const callsBefore = slack.calls.length;
      const startedAt = performance.now();
      const rawBody = interactionBody(blockAction({ ...input, responseUrl }));
      const answer = await postSigned(rawBody, headers);
      const channelId = input.container.kind === 'message' ? (input.container.channelId ?? '') : '';
      const userId = input.userId ?? TEST_USER.id;
      return { ...answer, rawBody, channelId, userId, responseUrl, startedAt, callsBefore };
    },
    async submitView(input, headers = {}) {
      const rawBody = interactionBody(viewSubmission(input));
      return { ...(await postSigned(rawBody, headers)), rawBody };
    },
    postSigned,
    postRaw,
    resetRecords() {
      sim.faults.clear();
      sim.resetRequests();
      slack.reset();
      responseUrls.reset();
      logLines.length = 0;
      logs.length = 0;
      recorded.errors.length = 0;
      answers.length = 0;
      sentBodies.length = 0;
    },
    async stop() {
      await bot.stop();
      await closeBackends();
    },
  };
}
