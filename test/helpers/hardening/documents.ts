/**
 * Raw API documents for fault and injection scripts: fetched from the simulator itself (so they are exactly what the
 * bot would have received), then damaged or poisoned in a controlled way.
 */
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import type { Simulator } from '../../../src/simulator/index.js';

type Json = Record<string, unknown>;

/** GETs `pathAndQuery` (e.g. `/shipments?number=…`) from the simulator in-process with a demo key. */
export async function fetchDocument(sim: Simulator, simUrl: string, pathAndQuery: string): Promise<Json> {
  const response = await sim.handle(
    new Request(`${simUrl}${pathAndQuery}`, { headers: { authorization: `Token ${DEMO.apiKeys.full}` } }),
  );
  if (!response.ok) throw new Error(`simulator answered ${response.status} for ${pathAndQuery}`);
  const body: unknown = await response.json();
  if (!isRecord(body)) throw new Error(`simulator answered a non-object for ${pathAndQuery}`);
  return body;
}

/** Resources of a document: its primary data (one or many) and everything in `included`. */
export function resourcesOf(document: Json): Json[] {
  const primary = Array.isArray(document.data) ? document.data : [document.data];
  const included = Array.isArray(document.included) ? document.included : [];
  return [...primary, ...included].filter(isRecord);
}

/**
 * The document as a sloppier API might send it: every attribute null except the ones named in `keep` (per resource
 * type), and unknown members everywhere — top level, resource level, attributes, relationships, links, meta.
 */
export function withNullsAndExtras(document: Json, keep: Readonly<Record<string, readonly string[]>>): Json {
  const copy = structuredClone(document);
  for (const resource of resourcesOf(copy)) {
    const kept = new Set(keep[String(resource.type)] ?? []);
    const attributes = isRecord(resource.attributes) ? resource.attributes : {};
    for (const name of Object.keys(attributes)) {
      if (!kept.has(name)) attributes[name] = null;
    }
    attributes.x_unknown_attribute = { nested: [1, 'two', null, { deeper: true }] };
    attributes.another_new_field_2031 = 'surprise';
    resource.attributes = attributes;
    const relationships = isRecord(resource.relationships) ? resource.relationships : {};
    relationships.x_unknown_relationship = { data: { id: 'nope', type: 'mystery' } };
    relationships.empty_one = { data: null };
    resource.relationships = relationships;
    resource.meta = { x_internal: 'value', nulls: null };
    resource.x_resource_extra = ['a', 1, null];
  }
  copy.jsonapi = { version: '1.0', meta: { x: null } };
  copy.x_debug = { request_id: 'abc', timings: [1, 2, 3] };
  copy.meta = { ...(isRecord(copy.meta) ? copy.meta : {}), x_extra: null };
  return copy;
}

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
