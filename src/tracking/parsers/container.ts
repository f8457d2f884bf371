/** Raw `GET /containers/{id}` and `GET /containers` documents → ContainerMatch models (with sideloaded shipment). */
import {
  type IncludedIndex,
  mapOptional,
  parseListDocument,
  parseSingleDocument,
  type Resource,
  relatedOne,
} from '../jsonapi.js';
import { toContainer } from '../map/container.js';
import { toTerminal } from '../map/port.js';
import { toShipment } from '../map/shipment.js';
import type { ContainerMatch, Page } from '../models.js';

/** `GET /containers/{id}?include=shipment,pod_terminal` → ContainerMatch. */
export function parseContainerDocument(json: unknown): ContainerMatch {
  const doc = parseSingleDocument(json, 'container');
  return toContainerMatch(doc.data, doc.included);
}

/** `GET /containers?…&include=shipment,pod_terminal` → a page of ContainerMatch. */
export function parseContainerListDocument(
  json: unknown,
  options: { pageNumber?: number } = {},
): Page<ContainerMatch> {
  const doc = parseListDocument(json, 'container list');
  return {
    items: doc.data.map((resource) => toContainerMatch(resource, doc.included)),
    pageNumber: options.pageNumber ?? 1,
    next: doc.next,
    total: doc.total,
  };
}

function toContainerMatch(resource: Resource, included: IncludedIndex): ContainerMatch {
  return {
    container: toContainer(resource),
    shipment: mapOptional(included.find(relatedOne(resource, 'shipment')), toShipment),
    podTerminal: mapOptional(included.find(relatedOne(resource, 'pod_terminal')), toTerminal),
  };
}
