/**
 * The one fake Slack in-process, for unit tests with no sockets: the slice of Bolt's WebClient the Slack layer uses
 * (chat, views, users, usergroups), each call answered by the same Web API methods the loopback fake and the local
 * workspace serve (src/workspace/web-api), over the tests' Slack with forgetful memory (fake-slack-state.ts), so a
 * card can be updated without having been posted first. Calls are recorded; Slack's `ok: false` answers, and
 * failures a test scripts, are thrown exactly as @slack/web-api throws them (platform error with `data.error`, rate
 * limited, request timeout), and respond() can fail like an expired response_url.
 */
import type { KnownBlock } from '@slack/types';
import type { Respond, SlackMessagingClient } from '../../../src/slack/delivery/index.js';
import type { DirectoryClient } from '../../../src/slack/policy/member-directory.js';
import { isObject, type JsonObject } from '../../../src/workspace/shared/json-reader.js';
import { answerWebApiCall } from '../../../src/workspace/web-api/web-api.js';
import { FAKE_IDENTITY } from './fake-slack-api.js';
import { createFakeSlackState, type FakeUser } from './fake-slack-state.js';

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
  setUser(user: FakeUser): void;
  setUsergroup(id: string, userIds: readonly string[]): void;
}

export function createFakeMessagingClient(): FakeMessagingClient {
  const slack = createFakeSlackState({ identity: FAKE_IDENTITY, memory: 'forgetful' });
  const calls: RecordedCall[] = [];
  const responses: RecordedResponse[] = [];
  const failures = new Map<string, SimulatedSlackError[]>();

  const record = (method: string, args: object) => {
    calls.push({ method, args: { ...args } });
    const failure = failures.get(method)?.shift();
    if (failure) throw slackError(failure);
  };
  const call = async (method: string, args: object): Promise<JsonObject> => {
    record(method, args);
    const answer = answerWebApiCall(method, 'xoxb-in-process', { ...args }, slack.context, null);
    if (answer.ok !== true) throw slackError({ kind: 'platform', error: String(answer.error) });
    return answer;
  };
  const view = (answer: JsonObject) => {
    const opened = answer.view;
    return {
      view: {
        ...(isObject(opened) && typeof opened.id === 'string' ? { id: opened.id } : {}),
        ...(isObject(opened) && typeof opened.hash === 'string' ? { hash: opened.hash } : {}),
      },
    };
  };

  const client: SlackMessagingClient & DirectoryClient = {
    chat: {
      postMessage: async (args) => {
        const answer = await call('chat.postMessage', args);
        return { channel: String(answer.channel), ts: String(answer.ts) };
      },
      update: (args) => call('chat.update', args),
      postEphemeral: (args) => call('chat.postEphemeral', args),
      unfurl: (args) => call('chat.unfurl', args),
      getPermalink: async (args) => {
        const answer = await call('chat.getPermalink', args);
        return typeof answer.permalink === 'string' ? { permalink: answer.permalink } : {};
      },
    },
    views: {
      open: async (args) => view(await call('views.open', args)),
      update: async (args) => view(await call('views.update', args)),
    },
    users: {
      info: async (args) => {
        const { user } = await call('users.info', args);
        return {
          ok: true,
          user: {
            is_restricted: isObject(user) && user.is_restricted === true,
            is_ultra_restricted: isObject(user) && user.is_ultra_restricted === true,
          },
        };
      },
    },
    usergroups: {
      users: {
        list: async (args) => {
          const { users } = await call('usergroups.users.list', args);
          return { ok: true, users: Array.isArray(users) ? users.map(String) : [] };
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
    callsTo: (method) => calls.filter((candidate) => candidate.method === method),
    failNext: (method, failure, times = 1) => {
      const queue = failures.get(method) ?? [];
      for (let i = 0; i < times; i += 1) queue.push(failure);
      failures.set(method, queue);
    },
    setUser: (user) => slack.setUser(user),
    setUsergroup: (id, userIds) => slack.setUsergroup(id, userIds),
  };
}
