/**
 * `POST /response/<token>`: the bot's delayed answers (Bolt's `respond()`), with the 5-uses-in-30-minutes rule.
 * Refusals are shown on the page too, because a bot whose respond() fails usually fails silently in Slack.
 */
import { isObject } from '../shared/json-reader.js';
import { applyResponse } from './apply-response.js';
import { echoCommandOnce, type WorkspaceCore } from './core.js';

export interface HttpAnswer {
  status: number;
  json: Record<string, unknown>;
}

export function handleResponseUrl(core: WorkspaceCore, token: string, rawBody: string): HttpAnswer {
  const use = core.responseUrls.use(token);
  if (!use.ok) {
    core.channel.notice({
      level: 'error',
      text: `The bot used a response_url that Slack would refuse ("${use.error}": usable 5 times within 30 minutes).`,
    });
    return { status: 404, json: { ok: false, error: use.error } };
  }
  let body: unknown;
  try {
    body = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
  } catch {
    return { status: 400, json: { ok: false, error: 'invalid_json' } };
  }
  if (!isObject(body)) return { status: 400, json: { ok: false, error: 'invalid_json' } };
  const outcome = applyResponse(core, use.context, body, () => echoCommandOnce(core, use.context));
  if (!outcome.ok) {
    core.channel.notice({
      level: 'error',
      text: `The bot's response_url message was refused ("${outcome.error}").`,
      detail: outcome.errors?.join('\n') ?? null,
      userId: use.context.userId,
    });
    return {
      status: outcome.error === 'message_not_found' ? 404 : 400,
      json: { ok: false, error: outcome.error },
    };
  }
  return { status: 200, json: { ok: true } };
}
