/**
 * An in-memory stand-in for the slice of Bolt's WebClient the Slack layer uses (chat, views, users, usergroups), for
 * unit tests with no sockets. Calls are recorded; a method can be made to throw errors shaped exactly like
 * @slack/web-api's (platform error with `data.error`, rate limited, request timeout) and respond() can fail like an
 * expired response_url.
 */
import type { KnownBlock } from '@slack/types';
import type { Respond, SlackMessagingClient } from '../../../src/slack/delivery/index.js';
import type { DirectoryClient } from '../../../src/slack/policy/index.js';

export interface RecordedCall {
  method: string;
  args: Record<string, unknown>;
}

export type SimulatedSlackError =
  | { kind: 'platform'; error: string }
  | { kind: 'rate_limited'; retryAfter: number }
  | { kind: 'timeout' }
  | { kind: 'respond_status'; status: number };

export function slackError(failure: SimulatedSlackError): Error {
  switch (failure.kind) {
    case 'platform':
      return Object.assign(new Error(`An API error occurred: ${failure.error}`), {
        code: 'slack_webapi_platform_error',
        data: { ok: false, error: failure.error },
      });
    case 'rate_limited':
      return Object.assign(new Error('rate limited'), {
        code: 'slack_webapi_rate_limited_error',
        retryAfter: failure.retryAfter,
      });
    case 'timeout': {
      const original = Object.assign(new Error('The operation was aborted due to timeout'), {
        name: 'TimeoutError',
      });
      return Object.assign(new Error('A request error occurred'), {
        code: 'slack_webapi_request_error',
        original,
      });
    }
    case 'respond_status':
      return Object.assign(new Error(`Failed to respond: ${failure.status}`), {
        code: 'slack_bolt_respond_error',
        statusCode: failure.status,
      });
  }
}

/** What was POSTed to the response_url. */
export interface RecordedResponse {
  response_type?: 'in_channel' | 'ephemeral';
  replace_original?: boolean;
  text?: string;
  blocks?: KnownBlock[];
}

export interface FakeMessagingClient {
  client: SlackMessagingClient & DirectoryClient;
  respond: Respond;
  calls: RecordedCall[];
  responses: RecordedResponse[];
  callsTo(method: string): RecordedCall[];
  /** The next call(s) of `method` ('chat.postMessage', 'respond', …) throw this. */
  failNext(method: string, failure: SimulatedSlackError, times?: number): void;
  setUser(id: string, flags: { isRestricted?: boolean; isUltraRestricted?: boolean }): void;
}

export function createFakeMessagingClient(): FakeMessagingClient {
  const calls: RecordedCall[] = [];
  const responses: RecordedResponse[] = [];
  const failures = new Map<string, SimulatedSlackError[]>();
  const users = new Map<string, { is_restricted: boolean; is_ultra_restricted: boolean }>();
  let counter = 0;

  const record = (method: string, args: object) => {
    calls.push({ method, args: { ...args } });
    const failure = failures.get(method)?.shift();
    if (failure) throw slackError(failure);
  };

  const client: SlackMessagingClient & DirectoryClient = {
    chat: {
      postMessage: async (args) => {
        record('chat.postMessage', args);
        return { channel: args.channel, ts: `1700000000.${String(++counter).padStart(6, '0')}` };
      },
      update: async (args) => {
        record('chat.update', args);
        return {};
      },
      postEphemeral: async (args) => {
        record('chat.postEphemeral', args);
        return {};
      },
    },
    views: {
      open: async (args) => {
        record('views.open', args);
        return { view: { id: `V${++counter}`, hash: `h${counter}` } };
      },
      update: async (args) => {
        record('views.update', args);
        return { view: { id: args.view_id, hash: `h${++counter}` } };
      },
    },
    users: {
      info: async (args) => {
        record('users.info', args);
        const flags = users.get(args.user) ?? { is_restricted: false, is_ultra_restricted: false };
        return { ok: true, user: flags };
      },
    },
    usergroups: {
      users: {
        list: async (args) => {
          record('usergroups.users.list', args);
          return { ok: true, users: [] };
        },
      },
    },
  };

  return {
    client,
    respond: async (message) => {
      record('respond', message);
      // SAFETY: the Slack layer only ever sends KnownBlocks; the wider Block type is Bolt's legacy allowance.
      responses.push({
        ...(message.response_type ? { response_type: message.response_type } : {}),
        ...(message.replace_original === undefined ? {} : { replace_original: message.replace_original }),
        ...(message.text === undefined ? {} : { text: message.text }),
        ...('blocks' in message && message.blocks ? { blocks: message.blocks as KnownBlock[] } : {}),
      });
      return {};
    },
    calls,
    responses,
    callsTo: (method) => calls.filter((call) => call.method === method),
    failNext: (method, failure, times = 1) => {
      const queue = failures.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      failures.set(method, queue);
    },
    setUser: (id, flags) =>
      users.set(id, {
        is_restricted: flags.isRestricted ?? false,
        is_ultra_restricted: flags.isUltraRestricted ?? false,
      }),
  };
}
