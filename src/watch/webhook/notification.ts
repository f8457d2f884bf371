/**
 * Reading a verified Terminal49 `webhook_notification` (docs/terminal49-webhooks.md): its id (the idempotency key),
 * its event, the shipment it is about and the facts only it carries. `included` varies by event and may hold nothing
 * but the reference object, so the shipment is looked for in turn: the reference's `shipment` relationship, a
 * shipment in `included`, the shipment of an included container, a tracking request's tracked object. Nothing else
 * is read from the payload: the shipment is always re-fetched (one request per coalesced batch), so a minimal or
 * stale `included` cannot mislead a card.
 */
import type { ObservedFacts } from '../../domain/changes/index.js';

export interface WebhookNotification {
  id: string;
  event: string;
  /** Terminal49's `created_at` (epoch ms); null when absent or unreadable. */
  sentAt: number | null;
  shipmentId: string | null;
  containerId: string | null;
  /** The tracking request it is about (`tracking_request.*` events), when it names one. */
  trackingRequestId: string | null;
  /** What the refresh merges into the next snapshot (a berth, a failed tracking request). */
  facts: ObservedFacts;
}

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

export type ParseResult = { ok: true; notification: WebhookNotification } | { ok: false; reason: string };

export function parseNotification(json: unknown): ParseResult {
  const document = record(json);
  const data = record(document.data);
  const id = text(data.id);
  if (id === null || id.length > 200) return { ok: false, reason: 'data.id is missing' };
  if (data.type !== 'webhook_notification')
    return { ok: false, reason: 'data.type is not webhook_notification' };
  const event = text(record(data.attributes).event);
  if (event === null) return { ok: false, reason: 'data.attributes.event is missing' };
  const created = text(record(data.attributes).created_at);
  const sentAt = created === null ? null : Date.parse(created);
  const included = Array.isArray(document.included) ? document.included.map(resource).filter(isResource) : [];
  const referenceId = relatedId(record(data.relationships).reference_object);
  const reference =
    included.find((item) => item.id === referenceId?.id && item.type === referenceId.type) ?? null;
  const containerRef = relatedId(reference?.relationships.container);
  const container =
    included.find(
      (item) => item.type === 'container' && (containerRef === null || item.id === containerRef.id),
    ) ?? null;
  const trackingRequest = included.find((item) => item.type === 'tracking_request') ?? null;
  const trackedObject = relatedId(trackingRequest?.relationships.tracked_object);
  const shipmentId =
    relatedId(reference?.relationships.shipment)?.id ??
    included.find((item) => item.type === 'shipment')?.id ??
    relatedId(container?.relationships.shipment)?.id ??
    (trackedObject?.type === 'shipment' ? trackedObject.id : null);
  return {
    ok: true,
    notification: {
      id,
      event,
      sentAt: sentAt === null || Number.isNaN(sentAt) ? null : sentAt,
      shipmentId,
      containerId: containerRef?.id ?? container?.id ?? null,
      trackingRequestId:
        trackingRequest?.id ?? (referenceId?.type === 'tracking_request' ? referenceId.id : null),
      facts: factsOf(event, reference, trackingRequest),
    },
  };
}

function factsOf(event: string, reference: Resource | null, trackingRequest: Resource | null): ObservedFacts {
  if (event === 'container.transport.vessel_berthed' && reference !== null) {
    const at = text(reference.attributes.timestamp);
    if (at !== null) return { berthedAt: { at, timeZone: text(reference.attributes.timezone) } };
  }
  if (event === 'tracking_request.failed' && trackingRequest !== null) {
    return {
      trackingFailed: {
        at: text(trackingRequest.attributes.updated_at) ?? text(trackingRequest.attributes.created_at),
        reason: text(trackingRequest.attributes.failed_reason),
      },
    };
  }
  return {};
}

/**
 * A notification that names no shipment but is about one (a container or shipment event): Terminal49's minimal
 * payloads (docs/terminal49-webhooks.md). It is completed with one `GET /webhook_notifications/{id}` before anything
 * else. Others without a shipment (documents) concern no watch.
 */
export function needsCompleting(notification: WebhookNotification): boolean {
  return (
    notification.shipmentId === null &&
    (notification.event.startsWith('container.') || notification.event.startsWith('shipment.'))
  );
}

/** The facts of several notifications, oldest first: the latest of each kind wins. */
export function readObservedFacts(stored: readonly unknown[]): ObservedFacts {
  const facts: ObservedFacts = {};
  for (const value of stored) {
    const item = record(value);
    const berth = record(item.berthedAt);
    const at = text(berth.at);
    if (at !== null) facts.berthedAt = { at, timeZone: text(berth.timeZone) };
    const failed = record(item.trackingFailed);
    if (Object.keys(failed).length > 0)
      facts.trackingFailed = { at: text(failed.at), reason: text(failed.reason) };
  }
  return facts;
}

function record(value: unknown): Record<string, unknown> {
  // SAFETY: a non-null, non-array object; every field is read with a type check.
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function resource(value: unknown): Resource | null {
  const item = record(value);
  const id = typeof item.id === 'number' ? String(item.id) : text(item.id);
  const type = text(item.type);
  if (id === null || type === null) return null;
  return { id, type, attributes: record(item.attributes), relationships: record(item.relationships) };
}

function isResource(value: Resource | null): value is Resource {
  return value !== null;
}

function relatedId(relationship: unknown): { id: string; type: string } | null {
  const data = record(record(relationship).data);
  const id = typeof data.id === 'number' ? String(data.id) : text(data.id);
  const type = text(data.type);
  return id !== null && type !== null ? { id, type } : null;
}
