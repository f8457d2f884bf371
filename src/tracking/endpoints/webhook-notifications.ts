/**
 * Webhook notifications read back from the API (docs/terminal49-webhooks.md, "Completing and catching up"):
 * `GET /webhook_notifications/{id}` completes a minimal notification (Terminal49 sends some events with an empty
 * `included`, naming only the transport event), and `GET /webhook_notifications` (paged) lists what was sent while
 * Shipwatch was away. Each comes back as the envelope a delivery would have carried — `{data, included}` — so the one
 * notification reader of the watch layer reads both. `include` asks for the reference object and its container and
 * shipment (Terminal49 documents `include` on both routes; which nested names it honours is not documented, so the
 * reader also finds the shipment through the reference's relationships).
 */

import { badResponse } from '../jsonapi.js';
import type { Page, WebhookNotificationRecord } from '../models.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment } from './context.js';

export const NOTIFICATION_INCLUDE = 'reference_object,reference_object.container,reference_object.shipment';

export function getWebhookNotification(
  ctx: ApiContext,
  id: string,
  options?: ReadOptions,
): Promise<WebhookNotificationRecord> {
  return getJson(
    ctx,
    {
      path: `/webhook_notifications/${segment(id)}`,
      query: { include: NOTIFICATION_INCLUDE },
      parse: (json) => {
        const document = record(json);
        const notification = recordOf(document.data);
        if (notification === null)
          return badResponse('The webhook notification document has no notification');
        return notification(Array.isArray(document.included) ? document.included : []);
      },
      tags: () => [],
    },
    options,
  );
}

export function listWebhookNotifications(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<WebhookNotificationRecord>> {
  const query = { ...pageQuery(page), include: NOTIFICATION_INCLUDE };
  return getJson(
    ctx,
    {
      path: '/webhook_notifications',
      query,
      parse: (json) => {
        const document = record(json);
        if (!Array.isArray(document.data)) return badResponse('The webhook notification list has no data');
        const included = Array.isArray(document.included) ? document.included : [];
        const items: WebhookNotificationRecord[] = [];
        for (const item of document.data) {
          const make = recordOf(item);
          if (make) items.push(make(included));
        }
        const links = record(document.links);
        const meta = record(document.meta);
        return {
          items,
          pageNumber: query['page[number]'],
          next: typeof links.next === 'string' && links.next !== '' ? links.next : null,
          total: typeof meta.total === 'number' ? meta.total : null,
        };
      },
      tags: () => [],
    },
    options,
  );
}

/** A notification resource, completed into its envelope by the `included` it came with; null when it is none. */
function recordOf(value: unknown): ((included: unknown[]) => WebhookNotificationRecord) | null {
  const data = record(value);
  const id = typeof data.id === 'string' || typeof data.id === 'number' ? String(data.id) : null;
  if (id === null || data.type !== 'webhook_notification') return null;
  const attributes = record(data.attributes);
  const event = typeof attributes.event === 'string' ? attributes.event : null;
  const createdAt = typeof attributes.created_at === 'string' ? attributes.created_at : null;
  return (included) => ({ id, event, createdAt, document: { data: value, included } });
}

function record(value: unknown): Record<string, unknown> {
  // SAFETY: a non-null, non-array object; every field is read with a type check.
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
