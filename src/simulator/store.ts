/**
 * The simulator's in-memory database: JSON:API resource objects keyed by `type:id`, plus the few indexes the routes
 * need so every lookup is a Map hit (shipments by number, containers by number, vessels by IMO, custom fields by
 * container and slug). Resources are mutable in place: a PATCH changes what the next GET returns.
 */
import { type ResourceObject, relatedIdentifiers, resourceKey } from './resource.js';

export interface VesselPosition {
  latitude: number;
  longitude: number;
  heading: number | null;
  timestamp: string;
  estimated: boolean;
}

/** Upper-cased, inner whitespace removed: how every number index is keyed. */
export function numberKey(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The definition `entity_type`s that apply to each entity (live data names container-level ones `Cargo`). */
const ENTITY_TYPES: Readonly<Record<FieldEntity, ReadonlySet<string>>> = {
  container: new Set(['container', 'cargo']),
  shipment: new Set(['shipment']),
  tracking_request: new Set(['trackingrequest', 'tracking_request']),
};

/** What a custom field can be set on. */
export type FieldEntity = 'container' | 'shipment' | 'tracking_request';

export class ResourceStore {
  private readonly resources = new Map<string, ResourceObject>();
  private readonly byType = new Map<string, Map<string, ResourceObject>>();
  private readonly newestFirst = new Map<string, ResourceObject[]>();
  private readonly shipmentNumbers = new Map<string, Set<string>>();
  private readonly containerNumbers = new Map<string, Set<string>>();
  private readonly vesselImos = new Map<string, string>();
  private readonly trackingRequestsByShipment = new Map<string, Set<string>>();
  private readonly customFields = new Map<string, Map<string, string>>();
  private readonly positions = new Map<string, VesselPosition[]>();
  private readonly resolvers = new Map<string, (id: string) => ResourceObject | undefined>();

  /** Inserts or replaces a resource and indexes it. */
  put(resource: ResourceObject): void {
    const key = resourceKey(resource.type, resource.id);
    this.resources.set(key, resource);
    let ofType = this.byType.get(resource.type);
    if (!ofType) {
      ofType = new Map();
      this.byType.set(resource.type, ofType);
    }
    ofType.set(resource.id, resource);
    this.newestFirst.delete(resource.type);
    this.index(resource);
  }

  get(type: string, id: string): ResourceObject | undefined {
    return this.resources.get(resourceKey(type, id)) ?? this.resolvers.get(type)?.(id);
  }

  /**
   * Serves a type the store does not hold through `get` (a container's transport and raw events, computed from
   * what the store holds), so `include=` and lookups by id find them like any stored resource.
   */
  resolveWith(type: string, resolver: (id: string) => ResourceObject | undefined): void {
    this.resolvers.set(type, resolver);
  }

  /** All resources of a type, newest `created_at` first (as the real list endpoints order them). */
  list(type: string): readonly ResourceObject[] {
    const cached = this.newestFirst.get(type);
    if (cached) return cached;
    const sorted = [...(this.byType.get(type)?.values() ?? [])].sort((a, b) =>
      String(b.attributes.created_at ?? '').localeCompare(String(a.attributes.created_at ?? '')),
    );
    this.newestFirst.set(type, sorted);
    return sorted;
  }

  /** Makes `number` (a booking, a request number…) find the shipment too. */
  addShipmentNumber(shipmentId: string, number: string): void {
    addToIndex(this.shipmentNumbers, numberKey(number), shipmentId);
  }

  findShipmentsByNumber(number: string): ResourceObject[] {
    return this.lookup('shipment', this.shipmentNumbers.get(numberKey(number)));
  }

  /** The tracking requests whose `tracked_object` is the shipment, oldest first. */
  trackingRequestsOf(shipmentId: string): ResourceObject[] {
    // A request re-put with another tracked object stays in its old entry: check it still points here.
    return this.lookup('tracking_request', this.trackingRequestsByShipment.get(shipmentId)).filter(
      (request) =>
        relatedIdentifiers(request.relationships?.tracked_object).some((ref) => ref.id === shipmentId),
    );
  }

  findContainersByNumber(number: string): ResourceObject[] {
    return this.lookup('container', this.containerNumbers.get(numberKey(number)));
  }

  /** A vessel by its id or, as the real `/vessels/{imo}` route allows, by IMO number. */
  findVessel(idOrImo: string): ResourceObject | undefined {
    const byId = this.get('vessel', idOrImo);
    if (byId) return byId;
    const id = this.vesselImos.get(idOrImo.trim());
    return id ? this.get('vessel', id) : undefined;
  }

  setVesselPositions(vesselId: string, positions: VesselPosition[]): void {
    this.positions.set(
      vesselId,
      [...positions].sort((a, b) => a.timestamp.localeCompare(b.timestamp)),
    );
  }

  vesselPositions(vesselId: string): readonly VesselPosition[] {
    return this.positions.get(vesselId) ?? [];
  }

  /** The custom_field resource holding `slug` on a container, if one was ever set. */
  customField(containerId: string, slug: string): ResourceObject | undefined {
    const id = this.customFields.get(containerId)?.get(slug);
    return id ? this.get('custom_field', id) : undefined;
  }

  removeCustomField(containerId: string, slug: string): void {
    const slugs = this.customFields.get(containerId);
    const id = slugs?.get(slug);
    if (!slugs || !id) return;
    slugs.delete(slug);
    this.resources.delete(resourceKey('custom_field', id));
    this.byType.get('custom_field')?.delete(id);
    this.newestFirst.delete('custom_field');
  }

  customFieldsOf(containerId: string): ResourceObject[] {
    const ids = [...(this.customFields.get(containerId)?.values() ?? [])];
    return ids.flatMap((id) => this.get('custom_field', id) ?? []);
  }

  /** A container-level definition (`Container`, or `Cargo` as live data says) by slug. */
  containerFieldDefinition(slug: string): ResourceObject | undefined {
    return this.fieldDefinition('container', slug);
  }

  /** The definition of `slug` for that kind of entity. */
  fieldDefinition(entity: FieldEntity, slug: string): ResourceObject | undefined {
    return this.list('custom_field_definition').find(
      (definition) =>
        definition.attributes.api_slug === slug &&
        ENTITY_TYPES[entity].has(String(definition.attributes.entity_type).toLowerCase()),
    );
  }

  private lookup(type: string, ids: Set<string> | undefined): ResourceObject[] {
    if (!ids) return [];
    return [...ids].flatMap((id) => this.get(type, id) ?? []);
  }

  private index(resource: ResourceObject): void {
    const { attributes } = resource;
    switch (resource.type) {
      case 'shipment':
        for (const field of ['bill_of_lading_number', 'normalized_number']) {
          const value = attributes[field];
          if (typeof value === 'string' && value) this.addShipmentNumber(resource.id, value);
        }
        break;
      case 'container':
        if (typeof attributes.number === 'string') {
          addToIndex(this.containerNumbers, numberKey(attributes.number), resource.id);
        }
        break;
      case 'tracking_request': {
        // `GET /shipments?number=` matches the original request number too (a booking, say).
        const [tracked] = relatedIdentifiers(resource.relationships?.tracked_object);
        if (tracked && typeof attributes.request_number === 'string') {
          this.addShipmentNumber(tracked.id, attributes.request_number);
        }
        if (tracked) addToIndex(this.trackingRequestsByShipment, tracked.id, resource.id);
        break;
      }
      case 'vessel':
        if (typeof attributes.imo === 'string') this.vesselImos.set(attributes.imo, resource.id);
        break;
      case 'custom_field': {
        const [entity] = relatedIdentifiers(resource.relationships?.entity);
        const slug = attributes.api_slug;
        if (entity && typeof slug === 'string') {
          let slugs = this.customFields.get(entity.id);
          if (!slugs) {
            slugs = new Map();
            this.customFields.set(entity.id, slugs);
          }
          slugs.set(slug, resource.id);
        }
        break;
      }
    }
  }
}

function addToIndex(index: Map<string, Set<string>>, key: string, id: string): void {
  let ids = index.get(key);
  if (!ids) {
    ids = new Set();
    index.set(key, ids);
  }
  ids.add(id);
}
