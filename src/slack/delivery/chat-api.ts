/**
 * The three Web API methods on every command's and button's hot path (chat.postMessage, chat.update,
 * chat.postEphemeral), and chat.getPermalink and chat.unfurl beside them, sent as JSON over a keep-alive undici agent. Bolt's WebClient serialises each body twice on
 * the way out (a redacted copy for its debug log, built even when debug is off, then form encoding with the blocks as
 * a JSON string inside) and sends it through fetch with a fresh AbortSignal: for a card that was the largest single
 * cost of a command beyond Bolt itself (`bench/profile.ts`). Failures are thrown in the WebClient's shapes (`code`
 * slack_webapi_*), so `classifySlackError` and every fallback route treat both clients alike. Everything else
 * (views.*, users.info) stays on Bolt's client.
 */
import { Agent, request } from 'undici';
import type { SlackMessagingClient } from './slack-client.js';

export type ChatApi = SlackMessagingClient['chat'];

export interface ChatApiOptions {
  /** Web API base URL with a trailing slash (default https://slack.com/api/). */
  apiUrl?: string;
  token: string;
  /** Per attempt: no connection, no headers, or no next body chunk within this long is a timeout. */
  timeoutMs: number;
  /** Repeats of an attempt that failed in transport (network, timeout, 5xx); never of Slack's `ok: false`. */
  retries: number;
  /** Waits between retries; tests pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ClosableChatApi extends ChatApi {
  close(): Promise<void>;
}

const DEFAULT_API_URL = 'https://slack.com/api/';

export function createChatApi(options: ChatApiOptions): ClosableChatApi {
  const base = options.apiUrl ?? DEFAULT_API_URL;
  const agent = new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
    // headersTimeout starts once the request is on a socket; without this a Slack that does not accept the connection
    // would hold each attempt for undici's 10 s connect default instead of `timeoutMs`.
    connect: { timeout: options.timeoutMs },
  });
  const headers = {
    authorization: `Bearer ${options.token}`,
    'content-type': 'application/json; charset=utf-8',
  };
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));

  const attempt = async (method: string, body: string): Promise<Record<string, unknown>> => {
    let response: Awaited<ReturnType<typeof request>>;
    let text: string;
    try {
      response = await request(base + method, {
        dispatcher: agent,
        method: 'POST',
        headers,
        body,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      text = await response.body.text();
    } catch (error) {
      throw requestError(error);
    }
    if (response.statusCode === 429) {
      const retryAfter = Number(response.headers['retry-after']);
      throw slackError('slack_webapi_rate_limited_error', `${method} was rate limited`, {
        retryAfter: Number.isFinite(retryAfter) ? retryAfter : 1,
      });
    }
    if (response.statusCode !== 200) {
      throw slackError('slack_webapi_http_error', `${method} answered HTTP ${response.statusCode}`, {
        statusCode: response.statusCode,
      });
    }
    const data = parseObject(text);
    if (data?.ok !== true) {
      const error = typeof data?.error === 'string' ? data.error : 'invalid_response';
      throw slackError('slack_webapi_platform_error', `An API error occurred: ${error}`, {
        data: data ?? { ok: false, error },
      });
    }
    return data;
  };

  const call = async (method: string, args: object): Promise<Record<string, unknown>> => {
    const body = JSON.stringify(args);
    for (let retry = 0; ; retry += 1) {
      try {
        return await attempt(method, body);
      } catch (error) {
        if (retry >= options.retries || !isTransportFailure(error)) throw error;
        // 250 ms, 500 ms, 1 s (±50 %), as the WebClient's retry policy was configured.
        await sleep(Math.min(1_000, 250 * 2 ** retry) * (0.5 + Math.random()));
      }
    }
  };

  return {
    async postMessage(args) {
      const data = await call('chat.postMessage', args);
      return {
        ...(typeof data.channel === 'string' ? { channel: data.channel } : {}),
        ...(typeof data.ts === 'string' ? { ts: data.ts } : {}),
      };
    },
    update: (args) => call('chat.update', args),
    postEphemeral: (args) => call('chat.postEphemeral', args),
    async getPermalink(args) {
      const data = await call('chat.getPermalink', args);
      return typeof data.permalink === 'string' ? { permalink: data.permalink } : {};
    },
    unfurl: (args) => call('chat.unfurl', args),
    close: () => agent.close(),
  };
}

/**
 * A messaging client whose chat methods go through `chat`; the rest (views, users, …) is `client`'s own. Its type
 * says so: `chat` has the lean client's methods only, so a call to another chat method (`chat.unfurl`) does not
 * compile instead of failing at run time; such a call goes through Bolt's own `client` (entity.presentDetails).
 */
export function withChatApi<C extends SlackMessagingClient>(
  client: C,
  chat: ChatApi | undefined,
): Omit<C, 'chat'> & { chat: ChatApi } {
  if (!chat) return client;
  // SAFETY: Bolt's WebClient binds its method groups to itself, so reading them off the prototype chain is safe; the
  // copy differs from `client` only in `chat`, which the return type narrows to the lean client's methods.
  return Object.assign(Object.create(client) as C, { chat });
}

function slackError(code: string, message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { code, ...fields });
}

function requestError(original: unknown): Error {
  const cause = original instanceof Error ? original : new Error(String(original));
  const timedOut = /TIMEOUT/.test(String((cause as { code?: unknown }).code ?? ''));
  // The classifier reads `original.name`; undici names its timeouts HeadersTimeoutError/BodyTimeoutError.
  const described = timedOut ? Object.assign(new Error(cause.message), { name: 'TimeoutError' }) : cause;
  return slackError('slack_webapi_request_error', `A request error occurred: ${cause.message}`, {
    original: described,
  });
}

function isTransportFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (code === 'slack_webapi_request_error') return true;
  return code === 'slack_webapi_http_error' && Number((error as { statusCode?: unknown }).statusCode) >= 500;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    // SAFETY: checked to be a non-null, non-array object; fields are read with typeof checks.
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
