/** Raw JSON:API resource objects, exactly as the simulator stores and emits them. */

export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: Record<string, string>;
}

/**
 * A copy of `resource` that keeps what it says now. The simulator never changes an attributes or relationships
 * object in place — every write replaces the whole object (`resource.attributes = {...}`) — so sharing them is
 * already a snapshot, at a fraction of a deep clone's cost (a day of a large book is tens of thousands of events).
 */
export function snapshot(resource: ResourceObject): ResourceObject {
  return { ...resource };
}

/** `{ data: { id, type } }` or `{ data: null }`. */
export function toOne(type: string, id: string | null | undefined): Relationship {
  return { data: id ? { id, type } : null };
}

/** `{ data: [{ id, type }, …] }`. */
export function toMany(type: string, ids: readonly string[]): Relationship {
  return { data: ids.map((id) => ({ id, type })) };
}

/** The identifiers a relationship points at, whether it is to-one, to-many or empty. */
export function relatedIdentifiers(relationship: Relationship | undefined): ResourceIdentifier[] {
  const data = relationship?.data;
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
}

export function resourceKey(type: string, id: string): string {
  return `${type}:${id}`;
}

export function isResourceObject(value: unknown): value is ResourceObject {
  if (typeof value !== 'object' || value === null) return false;
  // SAFETY: only read as unknowns and checked one by one below.
  const candidate = value as { id?: unknown; type?: unknown; attributes?: unknown };
  return (
    typeof candidate.id === 'string' &&
    candidate.id !== '' &&
    typeof candidate.type === 'string' &&
    candidate.type !== '' &&
    (candidate.attributes === undefined ||
      (typeof candidate.attributes === 'object' && candidate.attributes !== null))
  );
}
