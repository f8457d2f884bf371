/**
 * Delivers signed requests to the bot's `/slack/events` the way Slack does: form-encoded, signed, and given 3
 * seconds to answer. A slower answer is reported as Slack reports it (`operation_timeout`), never awaited forever.
 */
import { formBody } from './payloads.js';
import { signSlackRequest } from './sign.js';

export const ACK_TIMEOUT_MS = 3_000;

export type BotReply =
  | { kind: 'answered'; status: number; contentType: string; body: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; message: string };

export interface BotSender {
  /** Sends `fields` form-encoded to the bot. */
  send(fields: Record<string, string>): Promise<BotReply>;
  /** Sends an Events API envelope as JSON, as Slack sends events. */
  sendEvent(envelope: Record<string, unknown>): Promise<BotReply>;
  setTarget(eventsUrl: string): void;
}

export interface BotSenderOptions {
  signingSecret: string;
  now?: () => number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createBotSender(options: BotSenderOptions): BotSender {
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? ACK_TIMEOUT_MS;
  let target: string | null = null;
  return {
    setTarget(eventsUrl) {
      target = eventsUrl;
    },
    send: (fields) => post(formBody(fields), 'application/x-www-form-urlencoded'),
    sendEvent: (envelope) => post(JSON.stringify(envelope), 'application/json'),
  };

  async function post(body: string, contentType: string): Promise<BotReply> {
    if (target === null) return { kind: 'unreachable', message: 'the bot has not started' };
    try {
      const response = await doFetch(target, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          ...signSlackRequest(options.signingSecret, body, now()),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return {
        kind: 'answered',
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: await response.text(),
      };
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        return { kind: 'timeout' };
      }
      return { kind: 'unreachable', message: error instanceof Error ? error.message : String(error) };
    }
  }
}
