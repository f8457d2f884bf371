/** Request-body helpers for the write routes: JSON parsing and the two envelopes the API is sent. */
import type { RouteContext } from '../context.js';
import { badRequest } from '../errors.js';

export type BodyResult = { ok: true; body: unknown } | { ok: false; response: Response };

/** Parses the JSON body (an empty body is `undefined`); malformed JSON is a 400 like Rails' parse error. */
export async function readJsonBody(context: RouteContext): Promise<BodyResult> {
  const text = await context.request.text();
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, response: badRequest('There was an error parsing the request body as JSON.') };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The attributes of a JSON:API write (`{data:{type, attributes}}`), or — because the seed documents bare bodies and
 * the simulator accepts both — the body itself when it has no `data` member. null when neither shape fits.
 */
export function writeAttributes(body: unknown): Record<string, unknown> | null {
  if (!isRecord(body)) return null;
  if ('data' in body) {
    const data = body.data;
    return isRecord(data) && isRecord(data.attributes) ? data.attributes : null;
  }
  return body;
}
