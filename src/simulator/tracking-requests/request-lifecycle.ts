/**
 * The life of the tracking requests created through `POST /tracking_requests`, in demo time: each planned
 * transition (outcomes.ts) applies when it falls due, replaces the request (never changed in place), and produces
 * the notifications Terminal49 sends — `tracking_request.awaiting_manifest`, `.failed`, and on success
 * `tracking_request.succeeded` plus one `container.created` per box of the new shipment, which from then on plays
 * forward on the account's timeline like any other.
 */
import { isoSeconds } from '../demo/demo-time.js';
import { stableUuid } from '../demo/ids.js';
import type { TransportEventLog } from '../history/transport-event-log.js';
import { type ResourceObject, relatedIdentifiers, snapshot, toOne } from '../resource.js';
import type { ResourceStore } from '../store.js';
import type { ChangeEvent } from '../timeline/change-events.js';
import type { Timeline } from '../timeline/timeline.js';
import type { PlannedTransition, Transition } from './outcomes.js';
import { buildTrackedShipment } from './tracked-shipment.js';

export interface RequestLifecycle {
  /** A new id for the account's next request: the same sequence of requests gets the same ids. */
  nextId(): string;
  /** Plans a new request's outcomes from `now`; `scac` is the carrier it turns out to have (detected or given). */
  open(request: ResourceObject, scac: string | null, plan: readonly PlannedTransition[], now: Date): void;
  advanceTo(now: Date): ChangeEvent[];
  nextAt(): string | null;
}

export interface LifecycleDeps {
  account: string;
  anchor: Date;
  store: ResourceStore;
  timeline: Timeline;
  events: TransportEventLog;
}

interface Due {
  atMs: number;
  requestId: string;
  scac: string | null;
  transition: Transition;
}

/** Statuses a request does not leave through its own life (stopping is the shipment's business). */
const SETTLED = new Set(['created', 'failed', 'tracking_stopped']);

/** The company name of the party the request names as its customer. */
function customerName(store: ResourceStore, request: ResourceObject): string | null {
  const [ref] = relatedIdentifiers(request.relationships?.customer);
  const name = ref ? store.get('party', ref.id)?.attributes.company_name : undefined;
  return typeof name === 'string' ? name : null;
}

export function createRequestLifecycle(deps: LifecycleDeps): RequestLifecycle {
  const { store, timeline, events } = deps;
  const due: Due[] = [];
  let sequence = 0;

  const replace = (
    request: ResourceObject,
    changes: Record<string, unknown>,
    tracked?: string,
  ): ResourceObject => {
    const next: ResourceObject = {
      ...request,
      attributes: { ...request.attributes, ...changes },
      relationships: tracked
        ? { ...request.relationships, tracked_object: toOne('shipment', tracked) }
        : request.relationships,
    };
    store.put(next);
    return next;
  };

  const requestEvent = (
    event: string,
    request: ResourceObject,
    at: string,
    extra: {
      shipment?: ResourceObject;
      containers?: readonly ResourceObject[];
      container?: ResourceObject;
    } = {},
  ): ChangeEvent => {
    const shipment = extra.shipment ?? null;
    const boxes = extra.container ? [extra.container] : (extra.containers ?? []);
    return {
      id: stableUuid(`tracking_request|${request.id}|${event}|${extra.container?.id ?? ''}`),
      event,
      at,
      shipmentId: shipment?.id ?? null,
      containerId: extra.container?.id ?? null,
      reference: snapshot(request),
      included: [request, ...(shipment ? [shipment] : []), ...boxes].map(snapshot),
    };
  };

  function succeed(request: ResourceObject, item: Due, at: string, now: Date): ChangeEvent[] {
    const scac = item.scac ?? String(request.attributes.scac);
    const built = buildTrackedShipment(store, now, {
      id: request.id,
      number: String(request.attributes.request_number),
      type: request.attributes.request_type as 'bill_of_lading' | 'booking_number' | 'container', // SAFETY: checked at creation.
      scac,
      refNumbers: (request.attributes.ref_numbers as string[] | null) ?? [], // SAFETY: written by the route.
      tags: (request.attributes.shipment_tags as string[] | null) ?? [], // SAFETY: written by the route.
      customer: customerName(store, request),
    });
    store.put(built.shipment);
    for (const container of built.containers) {
      store.put(container);
      events.attach(container);
      events.firstSeen(container.id, now);
    }
    if (built.timeline) timeline.schedule(built.timeline);
    const created = replace(
      request,
      { status: 'created', scac, failed_reason: null, is_retrying: false, updated_at: at },
      built.shipment.id,
    );
    return [
      requestEvent('tracking_request.succeeded', created, at, {
        shipment: built.shipment,
        containers: built.containers,
      }),
      ...built.containers.map((container) =>
        requestEvent('container.created', created, at, { shipment: built.shipment, container }),
      ),
    ];
  }

  function apply(item: Due): ChangeEvent[] {
    const request = store.get('tracking_request', item.requestId);
    if (!request || SETTLED.has(String(request.attributes.status))) return [];
    const now = new Date(item.atMs);
    const at = isoSeconds(now);
    const { transition } = item;
    switch (transition.kind) {
      case 'awaiting_manifest':
        return [
          requestEvent(
            'tracking_request.awaiting_manifest',
            replace(request, { status: 'awaiting_manifest', updated_at: at }),
            at,
          ),
        ];
      case 'retrying': {
        const tries = Number(request.attributes.retry_count ?? 0) + 1;
        replace(request, {
          failed_reason: transition.reason,
          is_retrying: true,
          retry_count: tries,
          updated_at: at,
        });
        return [];
      }
      case 'failed':
        return [
          requestEvent(
            'tracking_request.failed',
            replace(request, {
              status: 'failed',
              failed_reason: transition.reason,
              is_retrying: false,
              updated_at: at,
            }),
            at,
          ),
        ];
      case 'created':
        return succeed(request, item, at, now);
    }
  }

  return {
    nextId() {
      sequence += 1;
      return stableUuid(`tracking_request|${deps.account}|${deps.anchor.toISOString()}|${sequence}`);
    },
    open(request, scac, plan, now) {
      for (const { afterMs, transition } of plan) {
        due.push({ atMs: now.getTime() + afterMs, requestId: request.id, scac, transition });
      }
      // Stable: transitions of one request keep their order, requests keep the order they were made in.
      due.sort((a, b) => a.atMs - b.atMs);
    },
    advanceTo(now) {
      const changes: ChangeEvent[] = [];
      while (due.length > 0 && (due[0]?.atMs ?? Number.POSITIVE_INFINITY) <= now.getTime()) {
        const item = due.shift();
        if (!item) break;
        try {
          changes.push(...apply(item));
        } catch {
          // A transition that fails (a bug) is dropped; the request keeps its last status.
        }
      }
      return changes;
    },
    nextAt: () => (due[0] ? isoSeconds(new Date(due[0].atMs)) : null),
  };
}
