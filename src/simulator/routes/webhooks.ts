/**
 * Webhook management: `POST /webhooks` (201 with the `secret` to verify deliveries with), `GET /webhooks`,
 * `GET/PATCH/DELETE /webhooks/{id}` and the plain-JSON `GET /webhooks/ips`. An account without the "data-out"
 * entitlement (key `demo-no-webhooks`) gets a 403 on all of them. `headers` is an array of `{name, value}`, as the
 * OpenAPI schema has it; invalid attributes are 422s pointing at the attribute.
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { badRequest, errorResponse, notFound, unprocessable, WEBHOOKS_NOT_ENABLED } from '../errors.js';
import { pageOf, paginationLinks, requestSelfLink } from '../jsonapi/documents.js';
import { jsonResponse } from '../responses.js';
import { isWebhookEvent } from '../webhooks/event-names.js';
import { type WebhookHeader, type WebhookInput, webhookResource } from '../webhooks/webhook-registry.js';
import { isRecord, readJsonBody, writeAttributes } from './body.js';

type Checked<T> = { ok: true; value: T } | { ok: false; response: Response };

const invalid = (attribute: string, detail: string, code = 'invalid'): Checked<never> => ({
  ok: false,
  response: unprocessable(`/data/attributes/${attribute}`, detail, code),
});

function checkUrl(value: unknown): Checked<string> {
  if (typeof value !== 'string' || value.trim() === '') return invalid('url', "Url can't be blank", 'blank');
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return { ok: true, value: url.href };
  } catch {
    // Not a URL at all: the same 422 as a URL with another scheme.
  }
  return invalid('url', 'Url is not a valid http(s) URL');
}

function checkEvents(value: unknown): Checked<string[]> {
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string')) {
    return invalid('events', 'Events must be a list of at least one event name');
  }
  const unknown = value.find((item: string) => !isWebhookEvent(item));
  if (unknown !== undefined) return invalid('events', `Events contains an unknown event: ${unknown}`);
  return { ok: true, value: [...new Set<string>(value)] };
}

function checkHeaders(value: unknown): Checked<WebhookHeader[] | null> {
  if (value === null) return { ok: true, value: null };
  const valid =
    Array.isArray(value) &&
    value.every(
      (item) =>
        isRecord(item) && typeof item.name === 'string' && item.name !== '' && typeof item.value === 'string',
    );
  if (!valid) return invalid('headers', 'Headers must be an array of {name, value} objects');
  return { ok: true, value: value.map((item: WebhookHeader) => ({ name: item.name, value: item.value })) };
}

/** The attributes of a POST (every required one) or a PATCH (only those sent). */
function checkAttributes(
  attributes: Record<string, unknown>,
  creating: boolean,
): Checked<Partial<WebhookInput>> {
  const input: Partial<WebhookInput> = {};
  if (creating || 'url' in attributes) {
    const url = checkUrl(attributes.url);
    if (!url.ok) return url;
    input.url = url.value;
  }
  if (creating || 'active' in attributes) {
    if (typeof attributes.active !== 'boolean') return invalid('active', 'Active must be true or false');
    input.active = attributes.active;
  }
  if (attributes.events !== undefined) {
    const events = checkEvents(attributes.events);
    if (!events.ok) return events;
    input.events = events.value;
  }
  if (attributes.headers !== undefined) {
    const headers = checkHeaders(attributes.headers);
    if (!headers.ok) return headers;
    input.headers = headers.value;
  }
  return { ok: true, value: input };
}

/** The 403 for an account without the "data-out" entitlement, or null when it may use webhooks. */
export function entitled(context: RouteContext): Response | null {
  return context.key?.webhooks ? null : errorResponse(403, [WEBHOOKS_NOT_ENABLED]);
}

async function readAttributes(context: RouteContext): Promise<Checked<Record<string, unknown>>> {
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return { ok: false, response: badRequest('param is missing or the value is empty: data') };
  return { ok: true, value: attributes };
}

export async function postWebhook(context: RouteContext): Promise<Response> {
  const refused = entitled(context);
  if (refused) return refused;
  const read = await readAttributes(context);
  if (!read.ok) return read.response;
  const checked = checkAttributes(read.value, true);
  if (!checked.ok) return checked.response;
  const { state } = context;
  const record = state.webhooks.add({ url: '', ...checked.value }, isoSeconds(state.clock.now()));
  return jsonResponse(201, { data: webhookResource(record), links: { self: requestSelfLink(context) } });
}

export function listWebhooks(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  const page = pageOf(context.state.webhooks.list(), context.query);
  return jsonResponse(200, {
    data: page.items.map(webhookResource),
    links: paginationLinks(context, page),
    meta: { size: page.size, total: page.total },
  });
}

export function getWebhook(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  const record = context.state.webhooks.get(context.params.id ?? '');
  if (!record) return notFound();
  return jsonResponse(200, { data: webhookResource(record), links: { self: requestSelfLink(context) } });
}

export async function patchWebhook(context: RouteContext): Promise<Response> {
  const refused = entitled(context);
  if (refused) return refused;
  const id = context.params.id ?? '';
  if (!context.state.webhooks.get(id)) return notFound();
  const read = await readAttributes(context);
  if (!read.ok) return read.response;
  const checked = checkAttributes(read.value, false);
  if (!checked.ok) return checked.response;
  const record = context.state.webhooks.update(id, checked.value);
  if (!record) return notFound();
  return jsonResponse(200, { data: webhookResource(record), links: { self: requestSelfLink(context) } });
}

export function deleteWebhook(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  if (!context.state.webhooks.remove(context.params.id ?? '')) return notFound();
  return new Response(null, { status: 200 });
}

/** Where deliveries come from; plain JSON, not JSON:API, as the live endpoint answers. */
export function getWebhookIps(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  return jsonResponse(200, { webhook_notification_ips: ['127.0.0.1'], last_updated: '2023-10-17T21:23:16Z' });
}
