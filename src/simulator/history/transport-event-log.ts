/**
 * Every transport event the account's containers have had: the milestones from before the simulator watched them
 * (past-milestones.ts) and each transport event it has announced since, kept exactly as its notification carried
 * it. `GET /containers/{id}/transport_events`, `/raw_events` and a container's `transport_events` / `raw_events`
 * relationships all read from here, so what the REST answers say happened is what the webhooks said.
 */
import { type ResourceObject, relatedIdentifiers, toMany } from '../resource.js';
import type { ResourceStore } from '../store.js';
import type { ChangeEvent } from '../timeline/change-events.js';
import { pastMilestones } from './past-milestones.js';
import { rawEventId, rawEventIds, rawEventsOf, type TransportEventName } from './raw-events.js';

/** Ids of computed events the store is asked for by id (include=, lookups), and the box each belongs to. */
const MAX_OWNERS = 200_000;

export class TransportEventLog {
  private readonly live = new Map<string, ResourceObject[]>();
  private readonly liveById = new Map<string, ResourceObject>();
  private readonly cutoffs = new Map<string, number>();
  private readonly past = new Map<string, TransportEventName[]>();
  private readonly owners = new Map<string, string>();
  /** Transport event id → its raw event's id: a relationship is read on every serialisation of its container. */
  private readonly rawIds = new Map<string, string>();

  constructor(
    private readonly store: ResourceStore,
    private readonly anchorMs: number,
  ) {
    store.resolveWith('transport_event', (id) => this.find(id, (container) => this.eventsOf(container)));
    store.resolveWith('raw_event', (id) => this.find(id, (container) => this.rawEventsOf(container)));
  }

  /** Logs the container transport events among `changes` (the timeline's output, as notified). */
  record(changes: readonly ChangeEvent[]): void {
    for (const change of changes) {
      if (change.reference.type !== 'transport_event' || change.containerId === null) continue;
      const list = this.live.get(change.containerId) ?? [];
      list.push(change.reference);
      this.live.set(change.containerId, list);
      this.liveById.set(change.reference.id, change.reference);
    }
  }

  /** A box first seen after the anchor (a new tracking request): its history before `at` is read from its data. */
  firstSeen(containerId: string, at: Date): void {
    this.cutoffs.set(containerId, at.getTime());
  }

  /** Newest first, as the API lists them. */
  eventsOf(container: ResourceObject): ResourceObject[] {
    const events = [...this.pastOf(container), ...(this.live.get(container.id) ?? [])];
    return events.sort(
      (a, b) =>
        String(b.attributes.created_at).localeCompare(String(a.attributes.created_at)) ||
        String(b.attributes.timestamp).localeCompare(String(a.attributes.timestamp)),
    );
  }

  rawEventsOf(container: ResourceObject): ResourceObject[] {
    const raw = rawEventsOf(this.store, this.shipmentOf(container), container, this.eventsOf(container));
    for (const event of raw) this.own(event.id, container.id);
    return raw;
  }

  /** Makes the container's `transport_events` and `raw_events` relationships list what it has, whenever read. */
  attach(container: ResourceObject): void {
    const relationships = { ...container.relationships };
    Object.defineProperty(relationships, 'transport_events', {
      enumerable: true,
      get: () =>
        toMany(
          'transport_event',
          this.names(container).map((event) => event.id),
        ),
    });
    Object.defineProperty(relationships, 'raw_events', {
      enumerable: true,
      get: () => {
        const ids = rawEventIds(this.shipmentOf(container), container, this.names(container), (id) =>
          this.rawIdOf(id),
        );
        for (const id of ids) this.own(id, container.id);
        return toMany('raw_event', ids);
      },
    });
    container.relationships = relationships;
  }

  private names(container: ResourceObject): TransportEventName[] {
    if (!this.past.has(container.id)) this.pastOf(container);
    const past = this.past.get(container.id) ?? [];
    const live = (this.live.get(container.id) ?? []).map(({ id, attributes }) => ({
      id,
      event: String(attributes.event),
    }));
    return [...past, ...live];
  }

  private pastOf(container: ResourceObject): ResourceObject[] {
    const cutoff = this.cutoffs.get(container.id) ?? this.anchorMs;
    const events = pastMilestones(this.store, container, cutoff);
    if (!this.past.has(container.id)) {
      this.past.set(
        container.id,
        events.map(({ id, attributes }) => ({ id, event: String(attributes.event) })),
      );
      for (const event of events) this.own(event.id, container.id);
    }
    return events;
  }

  private rawIdOf(transportEventId: string): string {
    let id = this.rawIds.get(transportEventId);
    if (!id) {
      id = rawEventId(transportEventId);
      if (this.rawIds.size >= MAX_OWNERS) this.rawIds.clear();
      this.rawIds.set(transportEventId, id);
    }
    return id;
  }

  private shipmentOf(container: ResourceObject): ResourceObject | undefined {
    const [ref] = relatedIdentifiers(container.relationships?.shipment);
    return ref ? this.store.get('shipment', ref.id) : undefined;
  }

  private own(id: string, containerId: string): void {
    // A bound on memory, not on correctness: a forgotten id is learnt again when its container is next read.
    if (this.owners.size >= MAX_OWNERS) this.owners.clear();
    this.owners.set(id, containerId);
  }

  private find(
    id: string,
    list: (container: ResourceObject) => ResourceObject[],
  ): ResourceObject | undefined {
    const logged = this.liveById.get(id);
    if (logged) return logged;
    const containerId = this.owners.get(id);
    const container = containerId ? this.store.get('container', containerId) : undefined;
    return container ? list(container).find((event) => event.id === id) : undefined;
  }
}
