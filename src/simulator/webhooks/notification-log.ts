/**
 * The account's webhook notifications, as `GET /webhook_notifications` lists them: one per webhook per change,
 * with what its delivery carried and how the delivery went (`pending` until it is accepted or given up). The
 * newest 10,000 are kept; Terminal49 keeps more, but a client catching up after an outage needs the recent ones.
 */
import type { ResourceObject } from '../resource.js';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface NotificationRecord {
  id: string;
  event: string;
  webhookId: string;
  createdAt: string;
  status: DeliveryStatus;
  /** The event resource the notification points at, as sent. */
  reference: ResourceObject;
  /** The body exactly as delivered (kept as text: what it said then, at a fraction of the objects' memory). */
  body: string;
  containerId: string | null;
  shipmentId: string | null;
}

const MAX_KEPT = 10_000;

export class NotificationLog {
  private readonly records = new Map<string, NotificationRecord>();

  add(record: NotificationRecord): void {
    if (this.records.size >= MAX_KEPT) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
    this.records.set(record.id, record);
  }

  settle(id: string, status: Exclude<DeliveryStatus, 'pending'>): void {
    const record = this.records.get(id);
    // A duplicate delivery that fails does not undo one that got through.
    if (record && record.status !== 'succeeded') record.status = status;
  }

  get(id: string): NotificationRecord | undefined {
    return this.records.get(id);
  }

  /** Newest first. */
  list(): NotificationRecord[] {
    return [...this.records.values()].reverse();
  }
}

/** The `included` the delivery carried. */
export function deliveredIncluded(record: NotificationRecord): ResourceObject[] {
  const parsed: unknown = JSON.parse(record.body);
  const included =
    typeof parsed === 'object' && parsed !== null && 'included' in parsed ? parsed.included : null;
  return Array.isArray(included) ? included : [];
}

/** The `webhook_notification` resource of a record, with its delivery status as it is now. */
export function notificationResource(record: NotificationRecord): ResourceObject {
  return {
    id: record.id,
    type: 'webhook_notification',
    attributes: { event: record.event, delivery_status: record.status, created_at: record.createdAt },
    relationships: {
      webhook: { data: { id: record.webhookId, type: 'webhook' } },
      reference_object: { data: { id: record.reference.id, type: record.reference.type } },
      webhook_notification_logs: { data: [] },
    },
    links: { self: `/v2/webhook_notifications/${record.id}` },
  };
}
