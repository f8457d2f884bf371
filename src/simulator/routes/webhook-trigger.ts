/**
 * `GET /webhooks/events` (the categories of events the account may subscribe to) and `POST /webhooks/trigger`:
 * one test delivery of an example notification to a URL, signed with `X-T49-Webhook-Signature` when a secret is
 * given, answered with what was sent and what came back. The real API requires HTTPS; the simulator also accepts
 * http to a loopback address, where a local receiver listens.
 */
import type { RouteContext } from '../context.js';
import { errorResponse } from '../errors.js';
import { requestSelfLink } from '../jsonapi/documents.js';
import { jsonResponse } from '../responses.js';
import { EVENT_CATEGORIES } from '../webhooks/event-categories.js';
import { isWebhookEvent } from '../webhooks/event-names.js';
import { exampleNotification } from '../webhooks/examples.js';
import { SIGNATURE_HEADER, signBody } from '../webhooks/notification.js';
import { isRecord, readJsonBody } from './body.js';
import { entitled } from './webhooks.js';

const TRIGGER_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BODY = 10_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function listWebhookEvents(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  return jsonResponse(200, {
    data: EVENT_CATEGORIES.map((category) => ({
      id: category.id,
      type: 'webhook_event_category',
      attributes: {
        name: category.name,
        events: category.events.map(([name, description]) => ({ name, description })),
      },
    })),
    links: { self: requestSelfLink(context) },
  });
}

/** The 422 body the trigger documents: `{errors: [{detail}]}`, nothing else. */
function invalid(detail: string): Response {
  return errorResponse(422, [{ detail }]);
}

function targetUrl(value: unknown): URL | string {
  if (typeof value !== 'string' || value.trim() === '') return 'url is required';
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return url;
  } catch {
    // Not a URL: the same answer as a URL of the wrong kind.
  }
  return 'url must be an HTTPS URL';
}

export async function triggerWebhook(context: RouteContext): Promise<Response> {
  const refused = entitled(context);
  if (refused) return refused;
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const body = isRecord(parsed.body) ? parsed.body : {};
  const url = targetUrl(body.url);
  if (typeof url === 'string') return invalid(url);
  if (typeof body.event !== 'string' || body.event.trim() === '') return invalid('event is required');
  const event = body.event.trim();
  if (!isWebhookEvent(event)) return invalid(`event '${event}' is not a webhook event`);
  if (body.secret !== undefined && typeof body.secret !== 'string') return invalid('secret must be a string');
  const example = exampleNotification(context.state, event);
  if (!example) return invalid(`no example is available for ${event}`);
  const payload = JSON.stringify(example);
  const requestHeaders: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Terminal49 Webhook Bot (Shipwatch simulator)',
  };
  if (body.secret) requestHeaders[SIGNATURE_HEADER] = signBody(payload, body.secret);
  const result = {
    url: url.href,
    succeeded: false,
    error: null as string | null,
    status_code: null as number | null,
    request_headers: requestHeaders,
    request_body: payload,
    response_headers: null as Record<string, string> | null,
    response_body: null as string | null,
  };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: requestHeaders,
      body: payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(TRIGGER_TIMEOUT_MS),
    });
    result.status_code = response.status;
    result.succeeded = [200, 201, 202, 204].includes(response.status);
    result.response_headers = Object.fromEntries(response.headers);
    result.response_body = (await response.text()).slice(0, MAX_RESPONSE_BODY);
    if (!result.succeeded) result.error = `The endpoint answered ${response.status}`;
  } catch (error) {
    result.error =
      error instanceof Error && error.name === 'TimeoutError'
        ? `No answer within ${TRIGGER_TIMEOUT_MS / 1000} s`
        : 'Could not connect to the endpoint';
  }
  return jsonResponse(200, result);
}
