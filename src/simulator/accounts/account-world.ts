/**
 * One Terminal49 account of the simulator: its own store, timeline, tracking requests on their way, transport-event
 * history, documents, parties, webhooks and notification log. Every change is sent to its own webhooks only,
 * signed with their secrets, through the deliveries all accounts share, and logged for `/webhook_notifications`.
 */
import { randomUUID } from 'node:crypto';
import type { AdjustableClock } from '../../clock.js';
import type { AccountName } from '../auth.js';
import type { SimulatorState } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { seedParties } from '../demo/parties.js';
import { DocumentFiles } from '../files/document-files.js';
import { TransportEventLog } from '../history/transport-event-log.js';
import { ResourceStore } from '../store.js';
import type { ChangeEvent } from '../timeline/change-events.js';
import type { ShipmentTimeline } from '../timeline/facts.js';
import { createTimeline } from '../timeline/timeline.js';
import { createRequestLifecycle } from '../tracking-requests/request-lifecycle.js';
import type { WebhookDeliveries } from '../webhooks/deliveries.js';
import { notificationDocument } from '../webhooks/notification.js';
import { NotificationLog } from '../webhooks/notification-log.js';
import { WebhookRegistry } from '../webhooks/webhook-registry.js';

export interface AccountWorld {
  readonly name: AccountName;
  /** What the routes of a request made with one of the account's keys read and change. */
  readonly state: SimulatorState;
  /** Applies what became due at `now`, sends its notifications, returns the change events. */
  tick(now: Date): ChangeEvent[];
  /** When the account's next change is due (null when nothing more is planned). */
  nextChangeAt(): string | null;
}

export interface AccountWorldOptions {
  name: AccountName;
  clock: AdjustableClock;
  anchor: Date;
  deliveries: WebhookDeliveries;
  /** Fills the store as of the anchor; returns the timelines that move it. */
  seed(store: ResourceStore): ShipmentTimeline[];
}

export function createAccountWorld(options: AccountWorldOptions): AccountWorld {
  const { name, clock, anchor, deliveries } = options;
  const store = new ResourceStore();
  const timeline = createTimeline(store, anchor, options.seed(store));
  seedParties(store, name, isoSeconds(anchor));
  const webhooks = new WebhookRegistry();
  const events = new TransportEventLog(store, anchor.getTime());
  const notifications = new NotificationLog();
  const requests = createRequestLifecycle({ account: name, anchor, store, timeline, events });
  for (const container of store.list('container')) events.attach(container);
  const state: SimulatorState = {
    account: name,
    store,
    clock,
    documents: new DocumentFiles(clock),
    webhooks,
    events,
    notifications,
    requests,
  };

  function notify(change: ChangeEvent): void {
    for (const webhook of webhooks.targetsOf(change.event)) {
      const notificationId = randomUUID();
      const body = JSON.stringify(notificationDocument(change, notificationId, webhook.id));
      notifications.add({
        id: notificationId,
        event: change.event,
        webhookId: webhook.id,
        createdAt: change.at,
        status: 'pending',
        reference: change.reference,
        body,
        containerId: change.containerId,
        shipmentId: change.shipmentId,
      });
      deliveries.send({
        webhookId: webhook.id,
        url: webhook.url,
        secret: webhook.secret,
        headers: webhook.headers,
        notificationId,
        event: change.event,
        body,
        onSettled: (outcome) => notifications.settle(notificationId, outcome),
      });
    }
  }

  return {
    name,
    state,
    tick(now) {
      // Requests first: a shipment created now may have steps due already, which the timeline then applies.
      const changes = [...requests.advanceTo(now), ...timeline.advanceTo(now)];
      events.record(changes);
      for (const change of changes) notify(change);
      return changes;
    },
    nextChangeAt() {
      const next = [timeline.nextStepAt(), requests.nextAt()].flatMap((at) => at ?? []).sort();
      return next[0] ?? null;
    },
  };
}
