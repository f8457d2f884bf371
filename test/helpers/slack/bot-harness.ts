/**
 * The whole bot on loopback, driven the way Slack drives it: `startBot` in HTTP mode with its Web API pointed at the
 * fake Slack, a response_url catcher, and (by default) the real tracking client over the embedded simulator.
 * `sendCommand`, `sendAction` and `sendViewSubmission` POST signed form bodies to `/slack/events` and return the HTTP
 * answer with its timing; what the bot then does shows up in `slack` (Web API calls) and `responseUrls`.
 */
import type { KnownBlock } from '@slack/types';
import { type Clock, systemClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { createLogger, type Logger } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator/index.js';
import { type RunningBot, type SlackClientTuning, startBot } from '../../../src/slack/index.js';
import { createTrackingClient } from '../../../src/tracking/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import {
  type CallMatch,
  type FakeSlackApi,
  type FakeSlackCall,
  startFakeSlackApi,
} from './fake-slack-api.js';
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
import {
  type ResponseUrlCatcher,
  type ResponseUrlPost,
  startResponseUrlCatcher,
} from './response-url-catcher.js';

export interface BotHarnessOptions {
  /** A tracking client to use instead of the real one over the simulator. */
  tracking?: TrackingClient;
  simulator?: SimulatorOptions;
  /** Simulator API key (default `demo`; `demo-readonly`, `demo-no-routing` change what the API allows). */
  apiKey?: string;
  clock?: Clock;
  /** Extra environment for loadConfig (SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS, …). */
  env?: Record<string, string>;
  /** Web API client tuning; the harness default fails fast (1 s timeout, no retries). */
  slackClient?: SlackClientTuning;
  /** Client read cache; 0 (default) so each test sees the simulator's current answer. */
  cacheTtlMs?: number;
}

export interface HttpAnswer {
  status: number;
  body: string;
  elapsedMs: number;
  /** Date.now() when the HTTP answer arrived (compare with FakeSlackCall.at / ResponseUrlPost.at). */
  answeredAt: number;
}

/** The first answer the person who typed a command saw, whichever route it took. */
export type CommandReply =
  | { via: 'message'; text: string; blocks: KnownBlock[]; call: FakeSlackCall }
  | { via: 'ephemeral_message'; text: string; blocks: KnownBlock[]; call: FakeSlackCall }
  | { via: 'response_url'; responseType: unknown; text: string; blocks: KnownBlock[]; post: ResponseUrlPost };

export interface SentCommand extends HttpAnswer {
  channelId: string;
  userId: string;
  responseUrl: string;
  triggerId: string;
}

export interface BotHarness {
  url: string;
  signingSecret: string;
  botToken: string;
  slack: FakeSlackApi;
  responseUrls: ResponseUrlCatcher;
  simulator: Simulator | null;
  tracking: TrackingClient;
  /** Every log line the bot wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  sendCommand(
    command: string,
    text?: string,
    options?: { userId?: string; channelId?: string; triggerId?: string },
  ): Promise<SentCommand>;
  sendAction(
    input: (ButtonActionInput | OverflowActionInput) & { responseUrl?: string },
  ): Promise<HttpAnswer & { responseUrl: string }>;
  sendViewSubmission(input: ViewSubmissionInput): Promise<HttpAnswer>;
  /** POSTs a raw body with the given headers (for signature tests). */
  postRaw(body: string, headers: Record<string, string>): Promise<HttpAnswer>;
  waitForCall(method: string, match?: CallMatch, timeoutMs?: number): Promise<FakeSlackCall>;
  /** Waits for the first successful answer to `sent`: a card in its channel, an ephemeral, or a response_url POST. */
  waitForReply(sent: SentCommand, timeoutMs?: number): Promise<CommandReply>;
  stop(): Promise<void>;
}

export async function startBotHarness(options: BotHarnessOptions = {}): Promise<BotHarness> {
  const signingSecret = `test-signing-secret-${nextId('')}`;
  const botToken = `xoxb-test-${nextId('')}`;
  const clock = options.clock ?? systemClock;
  const slack = await startFakeSlackApi({ botToken });
  const responseUrls = await startResponseUrlCatcher();
  const logs: Array<Record<string, unknown>> = [];
  const logger: Logger = createLogger({
    level: 'debug',
    secrets: [signingSecret, botToken],
    write: (line) => logs.push(JSON.parse(line)),
  });

  let simulator: Simulator | null = null;
  let closeSimulator: () => Promise<void> = async () => {};
  let tracking = options.tracking;
  let closeTracking: () => Promise<void> = async () => {};
  const apiKey = options.apiKey ?? DEMO.apiKeys.full;
  let trackingUrl = 'http://127.0.0.1:9/v2';
  if (!tracking) {
    simulator = createSimulator({ clock, ...options.simulator });
    const running = await simulator.listen({ port: 0 });
    closeSimulator = () => running.close();
    trackingUrl = running.url;
    const client = createTrackingClient({
      baseUrl: running.url,
      apiKey,
      clock,
      logger,
      cacheTtlMs: options.cacheTtlMs ?? 0,
    });
    tracking = client;
    closeTracking = () => client.close();
  }

  const config = loadConfig({
    SLACK_BOT_TOKEN: botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.url,
    TRACKING_API_URL: trackingUrl,
    TRACKING_API_KEY: apiKey,
    PORT: '0',
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  let bot: RunningBot;
  try {
    bot = await startBot({
      config,
      tracking,
      logger,
      clock,
      port: 0,
      host: '127.0.0.1',
      slackClient: options.slackClient ?? { timeoutMs: 1_000, retries: 0 },
    });
  } catch (error) {
    await Promise.allSettled([slack.close(), responseUrls.close(), closeTracking(), closeSimulator()]);
    throw error;
  }
  const url = bot.url ?? '';
  const eventsUrl = `${url}/slack/events`;

  const postRaw = async (body: string, headers: Record<string, string>): Promise<HttpAnswer> => {
    const started = performance.now();
    const response = await fetch(eventsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text,
      elapsedMs: performance.now() - started,
      answeredAt: Date.now(),
    };
  };
  const postSigned = (body: string) => postRaw(body, { ...signSlackRequest(signingSecret, body) });

  return {
    url,
    signingSecret,
    botToken,
    slack,
    responseUrls,
    simulator,
    tracking,
    logs,
    async sendCommand(command, text = '', commandOptions = {}) {
      const channelId = commandOptions.channelId ?? nextId('C');
      const userId = commandOptions.userId ?? TEST_USER.id;
      const responseUrl = responseUrls.newUrl();
      const triggerId = commandOptions.triggerId ?? nextId('TRIG');
      const body = slashCommandBody({ command, text, channelId, userId, responseUrl, triggerId });
      const answer = await postSigned(body);
      return { ...answer, channelId, userId, responseUrl, triggerId };
    },
    async sendAction(input) {
      const responseUrl = input.responseUrl ?? responseUrls.newUrl();
      const answer = await postSigned(interactionBody(blockAction({ ...input, responseUrl })));
      return { ...answer, responseUrl };
    },
    sendViewSubmission: (input) => postSigned(interactionBody(viewSubmission(input))),
    postRaw,
    waitForCall: (method, match, timeoutMs) => slack.waitForCall(method, match, timeoutMs),
    waitForReply: (sent, timeoutMs = 8_000) =>
      waitUntil(
        () => findReply(slack, responseUrls, sent),
        () =>
          `a reply to ${sent.channelId} (Web API calls: ${slack.calls.map((c) => c.method).join(', ') || 'none'})`,
        timeoutMs,
      ),
    async stop() {
      await bot.stop();
      await Promise.allSettled([slack.close(), responseUrls.close(), closeTracking(), closeSimulator()]);
    },
  };
}

function findReply(
  slack: FakeSlackApi,
  responseUrls: ResponseUrlCatcher,
  sent: SentCommand,
): CommandReply | undefined {
  const post = responseUrls.posts.find(
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
