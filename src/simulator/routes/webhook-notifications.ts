/**
 * `GET /webhook_notifications` (newest first, paged), `GET /webhook_notifications/{id}` and
 * `GET /webhook_notifications/examples?event=…`. Without `include` a notification comes with the `included` its
 * delivery carried; `include=` names exactly what to sideload instead: `reference_object` (the event as sent),
 * `container` and `shipment` (the ones the event is about, as they are now — how a minimal notification is
 * completed in one request), `reference_object.<relationship>`, `webhook`.
 */
import type { RouteContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { pageOf, paginationLinks, requestSelfLink } from '../jsonapi/documents.js';
import { type ResourceObject, relatedIdentifiers, resourceKey } from '../resource.js';
import { jsonResponse } from '../responses.js';
import { isWebhookEvent } from '../webhooks/event-names.js';
import { exampleNotification } from '../webhooks/examples.js';
import {
  deliveredIncluded,
  type NotificationRecord,
  notificationResource,
} from '../webhooks/notification-log.js';
import { webhookResource } from '../webhooks/webhook-registry.js';
import { entitled } from './webhooks.js';

const TOP_LEVEL = new Set(['webhook', 'reference_object', 'container', 'shipment']);
const OF_REFERENCE = new Set([
  'shipment',
  'container',
  'vessel',
  'location',
  'terminal',
  'port',
  'tracked_object',
]);

/** The include names, `undefined` when absent (what was sent), or the 400 for an unknown one. */
function includeNames(context: RouteContext): string[] | undefined | Response {
  const raw = context.query.get('include');
  if (raw === null) return undefined;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    const [first = '', second, ...rest] = name.split('.');
    const known =
      second === undefined ? TOP_LEVEL.has(first) : first === 'reference_object' && OF_REFERENCE.has(second);
    if (!known || rest.length > 0) {
      const segment = second !== undefined && first === 'reference_object' ? second : first;
      return badRequest(
        `${segment} is not specified as a relationship on V2::WebhookNotificationSerializer`,
        'include',
      );
    }
  }
  return names;
}

function sideloads(context: RouteContext, record: NotificationRecord, name: string): ResourceObject[] {
  const { store, webhooks } = context.state;
  const current = (ref: { id: string; type: string } | undefined): ResourceObject[] | undefined => {
    const resource = ref ? store.get(ref.type, ref.id) : undefined;
    return resource ? [resource] : undefined;
  };
  switch (name) {
    case 'reference_object':
      return [record.reference];
    case 'webhook': {
      const webhook = webhooks.get(record.webhookId);
      return webhook ? [webhookResource(webhook)] : [];
    }
    case 'container': {
      const [ref] = relatedIdentifiers(record.reference.relationships?.container);
      const id = record.containerId ?? ref?.id;
      return (id && current({ id, type: 'container' })) || [];
    }
    case 'shipment':
      return (record.shipmentId && current({ id: record.shipmentId, type: 'shipment' })) || [];
    default: {
      const relationship = name.slice('reference_object.'.length);
      return relatedIdentifiers(record.reference.relationships?.[relationship]).flatMap(
        (ref) => current(ref) ?? [],
      );
    }
  }
}

function includedFor(
  context: RouteContext,
  records: readonly NotificationRecord[],
  names: string[] | undefined,
): readonly ResourceObject[] {
  const all = records.flatMap((record) =>
    names === undefined
      ? deliveredIncluded(record)
      : names.flatMap((name) => sideloads(context, record, name)),
  );
  if (names === undefined) return all;
  const unique = new Map<string, ResourceObject>();
  for (const resource of all) unique.set(resourceKey(resource.type, resource.id), resource);
  return [...unique.values()];
}

export function getWebhookNotification(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  const record = context.state.notifications.get(context.params.id ?? '');
  if (!record) return notFound();
  const names = includeNames(context);
  if (names instanceof Response) return names;
  return jsonResponse(200, {
    data: notificationResource(record),
    included: includedFor(context, [record], names),
    links: { self: requestSelfLink(context) },
  });
}

export function listWebhookNotifications(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  const names = includeNames(context);
  if (names instanceof Response) return names;
  const page = pageOf(context.state.notifications.list(), context.query);
  const body: Record<string, unknown> = { data: page.items.map(notificationResource) };
  // A list sideloads only what is asked for: the payloads of 30 notifications would repeat the same shipments.
  if (names !== undefined) body.included = includedFor(context, page.items, names);
  body.links = paginationLinks(context, page);
  body.meta = {
    size: page.size,
    total: page.total,
    pagination: { current: page.number, records: page.total },
  };
  return jsonResponse(200, body);
}

/** The 400 production answers when `event` is missing; the same for a name it does not know. */
function badEvent(detail: string | null): Response {
  return badRequest(detail, 'event');
}

export function getWebhookNotificationExamples(context: RouteContext): Response {
  const refused = entitled(context);
  if (refused) return refused;
  const event = context.query.get('event')?.trim();
  if (!event) return badEvent(null);
  if (!isWebhookEvent(event)) return badEvent(`${event} is not a webhook event`);
  const example = exampleNotification(context.state, event);
  if (!example) return notFound();
  return jsonResponse(200, {
    data: [example.data],
    included: example.included,
    links: { self: requestSelfLink(context) },
  });
}
