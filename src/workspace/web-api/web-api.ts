/**
 * The fake Slack Web API: `POST /api/<method>`, token checked against the generated bot token, one function per
 * method. Methods it does not implement answer `unknown_method`, and every failure also becomes a notice on the
 * page, so a bot that needs more of Slack than the stand-in offers shows the gap instead of failing silently.
 */

import type { JsonObject } from '../shared/json-reader.js';
import type { WebApiContext, WebApiMethod } from './context.js';
import * as chat from './methods/chat.js';
import * as directory from './methods/directory.js';
import * as views from './methods/views.js';
import { parseApiRequest } from './parse-args.js';

const METHODS: Record<string, WebApiMethod> = {
  'auth.test': directory.authTest,
  'chat.postMessage': chat.postMessage,
  'chat.update': chat.update,
  'chat.postEphemeral': chat.postEphemeral,
  'chat.delete': chat.remove,
  'views.open': views.open,
  'views.update': views.update,
  'views.push': views.push,
  'users.info': directory.usersInfo,
  'usergroups.users.list': directory.usergroupsUsersList,
  'conversations.info': directory.conversationsInfo,
};

export const WEB_API_METHODS: readonly string[] = Object.keys(METHODS);

export interface WebApiRequest {
  method: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
}

export interface WebApi {
  handle(request: WebApiRequest): JsonObject;
}

export function createWebApi(context: WebApiContext): WebApi {
  return {
    handle(request) {
      const { token, args } = parseApiRequest(request.contentType, request.authorization, request.body);
      const result = call(request.method, token, args, context);
      if (result.ok !== true) reportFailure(request.method, result, context);
      return result;
    },
  };
}

function call(method: string, token: string | null, args: JsonObject, context: WebApiContext): JsonObject {
  if (token === null) return { ok: false, error: 'not_authed' };
  if (token !== context.identity.botToken) return { ok: false, error: 'invalid_auth' };
  const implementation = METHODS[method];
  if (!implementation) return { ok: false, error: 'unknown_method' };
  return implementation(args, context);
}

function reportFailure(method: string, result: JsonObject, context: WebApiContext): void {
  const error = String(result.error);
  const details = Array.isArray(result.errors) ? result.errors.map(String).join('\n') : null;
  const text =
    error === 'unknown_method'
      ? `The bot called ${method}, which the local workspace does not implement (unknown_method).`
      : `The bot called ${method} and Slack would answer "${error}".`;
  context.channel.notice({ level: error === 'unknown_method' ? 'warn' : 'error', text, detail: details });
}
