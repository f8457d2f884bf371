/** The Slack app's public contract (brief: "Slack app — src/slack/index.ts"). */
import type { Clock } from '../clock.js';
import type { Config } from '../config/env.js';
import type { Logger } from '../logger.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import type { ChatApi } from './delivery/chat-api.js';

/** Everything listeners need, injected once at start-up so tests can pass fakes. */
export interface BotDependencies {
  config: Config;
  tracking: TrackingClient;
  logger: Logger;
  clock: Clock;
  /**
   * chat.postMessage/update/postEphemeral for listeners; when absent they use Bolt's WebClient. The app builds one
   * (delivery/chat-api.ts); unit tests that register listeners on their own leave it out.
   */
  chat?: ChatApi;
}

export interface RunningBot {
  mode: 'http' | 'socket';
  /** `http://HOST:PORT` in HTTP mode (where `/slack/events` and `/healthz` live); null in Socket Mode. */
  url: string | null;
  stop(): Promise<void>;
}

/** Web API client tuning; the defaults suit production, tests shorten them to exercise failure paths quickly. */
export interface SlackClientTuning {
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Automatic retries of a request that failed in transport (network, timeout, 5xx); never for Slack `ok:false`. */
  retries?: number;
}

export interface StartBotOptions extends BotDependencies {
  /** HTTP mode listening port (default config.port; 0 lets the OS pick). */
  port?: number;
  /** HTTP mode bind address (default 127.0.0.1; `shipwatch start` passes 0.0.0.0). */
  host?: string;
  slackClient?: SlackClientTuning;
}
