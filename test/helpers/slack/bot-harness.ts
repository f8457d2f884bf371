/**
 * The one bot harness: the whole bot on loopback, driven the way Slack drives it. Around the bot (launch-bot.ts) it
 * puts the fake Slack (Web API and response_urls, fake-slack-api.ts), the embedded tracking-API simulator behind a
 * key gate (the bot holds a key of its own; the simulator sees a demo key), a recorder of every error the tracking
 * client rejects with, and a logger that keeps every line. `command`, `action` and `submitView` POST signed form
 * bodies to `/slack/events` and return the HTTP answer with its timing; what the bot then does shows up in `slack`
 * (Web API calls) and `responseUrls`.
 *
 * Options cover every suite: fresh random secrets and production's log scrubbing by default, or recognisable fake
 * secrets with an unscrubbed logger so a leak anywhere is caught (the hardening preset, hardening/world.ts); small
 * client timeouts for fault suites; in-process delivery, with the simulator in-process too, for property runs.
 */
import type { KnownBlock } from '@slack/types';
import { type Clock, systemClock } from '../../../src/clock.js';
import type { Config } from '../../../src/config/env.js';
import { createLogger, type LoggerOptions } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator/index.js';
import type { SlackClientTuning } from '../../../src/slack/index.js';
import type { Store } from '../../../src/store/index.js';
import { createUndiciTransport, fromFetchHandler } from '../../../src/tracking/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import type { WatchService } from '../../../src/watch/index.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { createKeyGate, type KeyGate } from '../hardening/key-gate.js';
import { type RecordedTrackingError, recordTrackingErrors } from '../hardening/recording-tracking.js';
import {
  type CallMatch,
  type FakeSlackApi,
  type FakeSlackCall,
  type ResponseUrlCatcher,
  type ResponseUrlPost,
  startFakeSlackApi,
} from './fake-slack-api.js';
import {
  type BotSecrets,
  type ClientTuning,
  type Delivery,
  type LaunchBotOptions,
  launchBot,
} from './launch-bot.js';
import { waitUntil } from './loopback-server.js';
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
} from './payloads.js';

export type { ClientTuning, Delivery } from './launch-bot.js';

/** Longest any request to the bot may take before the test counts it as unanswered. */
export const REQUEST_TIMEOUT_MS = 8_000;

export interface BotHarnessOptions {
  /** Extra environment for loadConfig (SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS, …). */
  env?: Record<string, string>;
  simulator?: SimulatorOptions;
  /** The demo key the simulator sees (default full access; `demo-readonly`, `demo-no-routing` limit the API). */
  apiKey?: string;
  /** Tracking client tuning; by default production's, with the read cache off so each test sees the API's answer. */
  client?: ClientTuning;
  /** Web API client tuning; the harness default fails fast (1 s timeout, no retries). */
  slackClient?: SlackClientTuning;
  clock?: Clock;
  /** The bot's secrets; default fresh random ones. */
  secrets?: BotSecrets;
  /** Scrub the secrets from log lines as production does (default true); false keeps them, so a leak shows. */
  scrubLogs?: boolean;
  /** Default debug. */
  logLevel?: LoggerOptions['level'];
  /** `http` (default): signed requests to /slack/events. `in-process`: `deliver` hands bodies to the app. */
  delivery?: 'http' | 'in-process';
  /** A store for the bot (claims, write ledger, member cache, card registry); in-process equivalents when absent. */
  store?: Store;
  /** Watched shipments, built on the bot's tracking client (and the store above). */
  watching?: (tracking: TrackingClient) => WatchService;
  /** Routes and `/healthz` sections to mount beside the bot's own (the webhook route). */
  mount?: LaunchBotOptions['mount'];
  /** The app's tables (commands, buttons, events); the app's own when absent. */
  surfaces?: LaunchBotOptions['surfaces'];
  /** An existing simulator to serve (a second bot on the same data, after a restart); the harness's own otherwise. */
  sim?: Simulator;
}

export interface HttpAnswer {
  status: number;
  body: string;
  elapsedMs: number;
  /** Date.now() when the HTTP answer arrived (compare with FakeSlackCall.at / ResponseUrlPost.at). */
  answeredAt: number;
}

/** A request the harness sent to the bot, with where its answers will show up. */
export interface Sent extends HttpAnswer {
  channelId: string;
  userId: string;
  responseUrl: string;
  triggerId: string;
  /** performance.now() when the request was sent. */
  startedAt: number;
  /** How many Web API calls had been recorded when it was sent; earlier ones are not answers to it. */
  callsBefore: number;
}

/** The first answer the person who typed a command saw, whichever route it took. */
export type CommandReply =
  | { via: 'message'; text: string; blocks: KnownBlock[]; call: FakeSlackCall }
  | { via: 'ephemeral_message'; text: string; blocks: KnownBlock[]; call: FakeSlackCall }
  | { via: 'response_url'; responseType: unknown; text: string; blocks: KnownBlock[]; post: ResponseUrlPost };

export interface BotHarness {
  /** The bot's origin (`/slack/events`, `/healthz`); '' with in-process delivery. */
  url: string;
  secrets: BotSecrets;
  config: Readonly<Config>;
  slack: FakeSlackApi;
  responseUrls: ResponseUrlCatcher;
  sim: Simulator;
  /** The simulator's base URL as the bot is configured with it. */
  simUrl: string;
  gate: KeyGate;
  /** The bot's tracking client (errors it rejects with are recorded in `trackingErrors`). */
  tracking: TrackingClient;
  trackingErrors: RecordedTrackingError[];
  /** Every log line, raw (as written) and parsed. */
  logLines: string[];
  logs: Array<Record<string, unknown>>;
  /** Every HTTP answer the bot gave on /slack/events, and every body POSTed there, as sent. */
  answers: HttpAnswer[];
  sentBodies: string[];
  command(
    command: string,
    text?: string,
    options?: { userId?: string; channelId?: string; responseUrl?: string; triggerId?: string },
  ): Promise<Sent>;
  action(
    input: ButtonActionInput | OverflowActionInput,
    headers?: Record<string, string>,
  ): Promise<Sent & { rawBody: string }>;
  submitView(
    input: ViewSubmissionInput,
    headers?: Record<string, string>,
  ): Promise<HttpAnswer & { rawBody: string }>;
  /** POSTs a body signed with the signing secret (plus extra headers, e.g. X-Slack-Retry-Num). */
  postSigned(body: string, headers?: Record<string, string>, timeoutMs?: number): Promise<HttpAnswer>;
  /** POSTs exactly these bytes and headers (for forged and unsigned requests). */
  postRaw(body: string, headers: Record<string, string>, timeoutMs?: number): Promise<HttpAnswer>;
  /** In-process delivery: hands `body` to the app as Bolt's receiver would. */
  deliver(body: Record<string, unknown>): Promise<Delivery>;
  waitForCall(method: string, match?: CallMatch, timeoutMs?: number): Promise<FakeSlackCall>;
  /** Waits for the first successful answer to `sent`: a card in its channel, an ephemeral, or a response_url POST. */
  waitForReply(sent: Sent, timeoutMs?: number): Promise<CommandReply>;
  /** Forgets recorded requests, calls, posts, logs and errors, and clears scripted faults. */
  resetRecords(): void;
  stop(): Promise<void>;
}

export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const secrets = options.secrets ?? {
    botToken: `xoxb-test-${nextId('')}`,
    signingSecret: `test-signing-secret-${nextId('')}`,
    apiKey: `test-api-key-${nextId('')}`,
  };
  const clock = options.clock ?? systemClock;
  const logLines: string[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    level: options.logLevel ?? 'debug',
    ...(options.scrubLogs === false ? {} : { secrets: [secrets.signingSecret, secrets.botToken] }),
    write: (line) => {
      logLines.push(line);
      logs.push(JSON.parse(line));
    },
  });
  const inProcess = options.delivery === 'in-process';

  const slack = await startFakeSlackApi({ botToken: secrets.botToken });
  const sim = options.sim ?? createSimulator({ clock, ...options.simulator });
  const undici = inProcess ? null : createUndiciTransport();
  const closeBackends: Array<() => Promise<void>> = [() => slack.close(), async () => undici?.close()];
  const stopAll = () => Promise.allSettled(closeBackends.map((close) => close()));
  let simUrl = 'http://simulator.in-process/v2';
  try {
    if (!inProcess) {
      const running = await sim.listen({ port: 0 });
      closeBackends.push(() => running.close());
      simUrl = running.url;
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  const gate = createKeyGate(
    secrets.apiKey,
    options.apiKey ?? DEMO.apiKeys.full,
    undici ? undici.transport : fromFetchHandler(sim.handle),
  );
  let launched: Awaited<ReturnType<typeof launchBot>>;
  const recorder: { recorded: ReturnType<typeof recordTrackingErrors<TrackingClient>> | null } = {
    recorded: null,
  };
  try {
    launched = await launchBot({
      secrets,
      slackApiUrl: slack.url,
      trackingUrl: simUrl,
      transport: gate.transport,
      client: { cacheTtlMs: 0, ...options.client },
      slackClient: options.slackClient ?? { timeoutMs: 1_000, retries: 0 },
      ...(options.env ? { env: options.env } : {}),
      logger,
      clock,
      delivery: options.delivery ?? 'http',
      ...(options.store ? { store: options.store } : {}),
      ...(options.watching ? { watching: options.watching } : {}),
      ...(options.mount ? { mount: options.mount } : {}),
      ...(options.surfaces ? { surfaces: options.surfaces } : {}),
      decorate: (client) => {
        recorder.recorded = recordTrackingErrors(client);
        return recorder.recorded.client;
      },
    });
  } catch (error) {
    await stopAll();
    throw error;
  }
  if (!recorder.recorded) throw new Error('the bot was launched without its tracking client');
  const { client: tracking, errors: trackingErrors } = recorder.recorded;
  const eventsUrl = `${launched.url}/slack/events`;
  const answers: HttpAnswer[] = [];
  const sentBodies: string[] = [];

  const postRaw = async (
    body: string,
    headers: Record<string, string>,
    timeoutMs = REQUEST_TIMEOUT_MS,
  ): Promise<HttpAnswer> => {
    if (inProcess) throw new Error('postRaw() needs delivery: http');
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
    const answer = {
      status: response.status,
      body: text,
      elapsedMs: performance.now() - started,
      answeredAt: Date.now(),
    };
    answers.push(answer);
    return answer;
  };
  const postSigned = (body: string, headers: Record<string, string> = {}, timeoutMs?: number) =>
    postRaw(body, { ...signSlackRequest(secrets.signingSecret, body), ...headers }, timeoutMs);
  const sending = () => ({ startedAt: performance.now(), callsBefore: slack.calls.length });

  return {
    url: launched.url,
    secrets,
    config: launched.config,
    slack,
    responseUrls: slack.responseUrls,
    sim,
    simUrl,
    gate,
    tracking,
    trackingErrors,
    logLines,
    logs,
    answers,
    sentBodies,
    async command(command, text = '', commandOptions = {}) {
      const channelId = commandOptions.channelId ?? nextId('C');
      const userId = commandOptions.userId ?? TEST_USER.id;
      const responseUrl = commandOptions.responseUrl ?? slack.responseUrls.newUrl();
      const triggerId = commandOptions.triggerId ?? nextId('TRIG');
      const at = sending();
      const body = slashCommandBody({ command, text, channelId, userId, responseUrl, triggerId });
      const answer = await postSigned(body);
      return { ...answer, ...at, channelId, userId, responseUrl, triggerId };
    },
    async action(input, headers = {}) {
      const responseUrl = input.responseUrl ?? slack.responseUrls.newUrl();
      const triggerId = input.triggerId ?? nextId('TRIG');
      const at = sending();
      const rawBody = interactionBody(blockAction({ ...input, responseUrl, triggerId }));
      const answer = await postSigned(rawBody, headers);
      const channelId = input.container.kind === 'message' ? (input.container.channelId ?? '') : '';
      const userId = input.userId ?? TEST_USER.id;
      return { ...answer, ...at, rawBody, channelId, userId, responseUrl, triggerId };
    },
    async submitView(input, headers = {}) {
      const rawBody = interactionBody(viewSubmission(input));
      return { ...(await postSigned(rawBody, headers)), rawBody };
    },
    postSigned,
    postRaw,
    deliver: (body) => launched.deliver(body),
    waitForCall: (method, match, timeoutMs) => slack.waitForCall(method, match, timeoutMs),
    waitForReply: (sent, timeoutMs = 8_000) =>
      waitUntil(
        () => findReply(slack, sent),
        () =>
          `a reply to ${sent.channelId} (Web API calls: ${slack.calls.map((c) => c.method).join(', ') || 'none'})`,
        timeoutMs,
      ),
    resetRecords() {
      sim.faults.clear();
      sim.resetRequests();
      slack.reset();
      logLines.length = 0;
      logs.length = 0;
      trackingErrors.length = 0;
      answers.length = 0;
      sentBodies.length = 0;
    },
    async stop() {
      await launched.stop();
      await stopAll();
    },
  };
}

function findReply(slack: FakeSlackApi, sent: Sent): CommandReply | undefined {
  const post = slack.responseUrls.posts.find(
    (candidate) => candidate.url === sent.responseUrl && candidate.status === 200,
  );
  if (post) {
    return {
      via: 'response_url',
      responseType: post.body.response_type,
      text: String(post.body.text ?? ''),
      blocks: blocksOf(post.body.blocks),
      post,
    };
  }
  const call = slack.calls.find(
    (candidate) =>
      candidate.ok &&
      (candidate.method === 'chat.postMessage' || candidate.method === 'chat.postEphemeral') &&
      candidate.args.channel === sent.channelId &&
      candidate.args.thread_ts === undefined,
  );
  if (!call) return undefined;
  const via = call.method === 'chat.postMessage' ? 'message' : 'ephemeral_message';
  return { via, text: String(call.args.text ?? ''), blocks: blocksOf(call.args.blocks), call };
}

function blocksOf(value: unknown): KnownBlock[] {
  // SAFETY: blocks recorded from the bot's own requests; tests inspect them as Block Kit JSON.
  return Array.isArray(value) ? (value as KnownBlock[]) : [];
}
