/**
 * The body of one webhook delivery: a JSON:API `webhook_notification` whose `data.id` is the receiver's idempotency
 * key, `reference_object` names the event resource, and `included` carries what the event's family carries
 * (timeline/event-resources.ts). The bytes are fixed when the event happens, so a retry or a duplicate delivery
 * sends exactly the same body and signature.
 */
import { createHmac } from 'node:crypto';
import type { ChangeEvent } from '../timeline/change-events.js';

/** The header carrying the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret. */
export const SIGNATURE_HEADER = 'X-T49-Webhook-Signature';

export function notificationDocument(
  change: ChangeEvent,
  notificationId: string,
  webhookId: string,
): Record<string, unknown> {
  return {
    data: {
      id: notificationId,
      type: 'webhook_notification',
      attributes: { event: change.event, delivery_status: 'pending', created_at: change.at },
      relationships: {
        webhook: { data: { id: webhookId, type: 'webhook' } },
        reference_object: { data: { id: change.reference.id, type: change.reference.type } },
      },
    },
    included: change.included,
  };
}

export function signBody(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
