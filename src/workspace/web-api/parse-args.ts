/**
 * Reads Web API arguments the two ways Slack accepts them: form-encoded (what @slack/web-api sends, with nested
 * values such as `blocks` and `view` JSON-encoded inside the form) and JSON bodies. The token comes from
 * `Authorization: Bearer …` or, for form posts, a `token` field.
 */
import { isObject, type JsonObject } from '../shared/json-reader.js';

const JSON_FIELDS = new Set([
  'blocks',
  'attachments',
  'view',
  'metadata',
  'user_auth_blocks',
  'options',
  // chat.unfurl's previews and entity.presentDetails' error panel.
  'unfurls',
  'error',
]);

export interface ApiRequest {
  token: string | null;
  args: JsonObject;
}

export function parseApiRequest(
  contentType: string | undefined,
  authorization: string | undefined,
  rawBody: string,
): ApiRequest {
  const args = contentType?.includes('application/json') ? parseJson(rawBody) : parseForm(rawBody);
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
  const bodyToken = typeof args.token === 'string' ? args.token : null;
  delete args.token;
  return { token: bearer ?? bodyToken, args };
}

function parseJson(rawBody: string): JsonObject {
  if (rawBody.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function parseForm(rawBody: string): JsonObject {
  const args: JsonObject = {};
  for (const [key, value] of new URLSearchParams(rawBody)) {
    args[key] = JSON_FIELDS.has(key) ? parseNested(value) : value;
  }
  return args;
}

function parseNested(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    // Slack answers invalid JSON with invalid_blocks/invalid_arguments; keep the string so the check says so.
    return value;
  }
}
