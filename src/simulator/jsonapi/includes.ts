/**
 * `include=` handling as the real API's serializers do it: a comma list of (possibly dotted) relationship names,
 * validated against the serializer of each type along the path; an unknown name is a 400 with
 * `source.parameter: "include"`. Included resources are de-duplicated and never repeat a primary resource.
 */
import { badRequest } from '../errors.js';
import { type ResourceObject, relatedIdentifiers, resourceKey } from '../resource.js';
import type { ResourceStore } from '../store.js';

interface SerializerInfo {
  name: string;
  /** Relationship name → the resource types it may point at. */
  relationships: Record<string, readonly string[]>;
}

const SERIALIZERS: Record<string, SerializerInfo> = {
  shipment: {
    name: 'V2::ShipmentSerializer',
    relationships: {
      containers: ['container'],
      port_of_lading: ['port'],
      port_of_discharge: ['port'],
      pod_terminal: ['terminal'],
      destination: ['port', 'metro_area'],
      destination_terminal: ['terminal', 'rail_terminal'],
      line_tracking_stopped_by_user: ['user'],
    },
  },
  container: {
    name: 'V2::ContainerSerializer',
    relationships: {
      shipment: ['shipment'],
      pod_terminal: ['terminal'],
      pickup_facility: ['terminal', 'rail_terminal'],
      transport_events: ['transport_event'],
      raw_events: ['raw_event'],
    },
  },
  tracking_request: {
    name: 'V2::TrackingRequestSerializer',
    relationships: { tracked_object: ['shipment'], customer: ['party'], user: ['user'] },
  },
  email_submission: {
    name: 'V2::EmailSubmissionSerializer',
    relationships: { account: ['account'], user: ['user'], documents: ['document'] },
  },
  document: {
    name: 'V2::DocumentSerializer',
    relationships: {
      account: ['account'],
      user: ['user'],
      email_submission: ['email_submission'],
      last_document_representation: ['document_representation'],
      shipments: ['shipment'],
      cargos: ['container'],
    },
  },
  custom_field_definition: {
    name: 'V2::CustomFieldDefinitionSerializer',
    relationships: { options: ['custom_field_option'] },
  },
  custom_field: {
    name: 'V2::CustomFieldSerializer',
    relationships: {
      entity: ['shipment', 'container', 'tracking_request'],
      definition: ['custom_field_definition'],
    },
  },
  terminal: { name: 'V2::TerminalSerializer', relationships: { port: ['port'] } },
  transport_event: {
    name: 'V2::TransportEventSerializer',
    relationships: {
      shipment: ['shipment'],
      container: ['container'],
      vessel: ['vessel'],
      location: ['port', 'metro_area'],
      terminal: ['terminal', 'rail_terminal'],
    },
  },
  raw_event: {
    name: 'V2::RawEventSerializer',
    relationships: { location: ['port', 'metro_area'], vessel: ['vessel'] },
  },
  rail_terminal: {
    name: 'V2::RailTerminalSerializer',
    relationships: { port: ['port'], metro_area: ['metro_area'] },
  },
};

function serializerName(type: string): string {
  return (
    SERIALIZERS[type]?.name ??
    `V2::${type.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}Serializer`
  );
}

/**
 * Parses `include` for a primary resource type. Absent → `defaults`; present (even empty) → exactly what was asked.
 * Returns the dotted paths split into segments, or the 400 response for the first unknown name.
 */
export function parseIncludes(
  raw: string | null,
  type: string,
  defaults: readonly string[] = [],
): string[][] | Response {
  const names =
    raw === null
      ? defaults
      : raw
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
  const paths: string[][] = [];
  for (const name of names) {
    const segments = name.split('.');
    let types: readonly string[] = [type];
    for (const segment of segments) {
      const targets = types.flatMap((t) => SERIALIZERS[t]?.relationships[segment] ?? []);
      if (targets.length === 0) {
        return badRequest(
          `${segment} is not specified as a relationship on ${serializerName(types[0] ?? type)}`,
          'include',
        );
      }
      types = [...new Set(targets)];
    }
    paths.push(segments);
  }
  return paths;
}

/** Follows every include path from the primary resources; missing targets are skipped as the API does. */
export function collectIncluded(
  store: ResourceStore,
  primary: readonly ResourceObject[],
  paths: readonly string[][],
): ResourceObject[] {
  const primaryKeys = new Set(primary.map((resource) => resourceKey(resource.type, resource.id)));
  const included = new Map<string, ResourceObject>();
  for (const path of paths) {
    let frontier: readonly ResourceObject[] = primary;
    for (const segment of path) {
      const next: ResourceObject[] = [];
      for (const resource of frontier) {
        for (const ref of relatedIdentifiers(resource.relationships?.[segment])) {
          const related = store.get(ref.type, ref.id);
          if (!related) continue;
          const key = resourceKey(related.type, related.id);
          if (!primaryKeys.has(key) && !included.has(key)) included.set(key, related);
          next.push(related);
        }
      }
      frontier = next;
    }
  }
  return [...included.values()];
}
