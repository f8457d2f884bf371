/**
 * JSON:API envelopes: the primary `data` (one resource or a list), `included` indexed by `type:id`, relationships,
 * and pagination links. Attributes are left unparsed here; each mapper parses only the resources it uses, so an
 * exotic sideloaded resource (a transport event, a user with no schema) can never fail a whole response.
 */
import { z } from 'zod';
import { TrackingApiError } from './errors.js';
import {
  idSchema,
  isObject,
  optionalNumber,
  optionalString,
  orNull,
  requiredString,
} from './schemas/common.js';

export interface ResourceRef {
  id: string;
  type: string;
}

export interface Resource extends ResourceRef {
  /** Left unparsed (absent when the document sends none); the mapper that reads it parses it. */
  attributes?: unknown;
  relationships: Readonly<Record<string, { data?: ResourceRef | ResourceRef[] | null }>>;
}

const refSchema = z.object({ id: idSchema, type: requiredString });

/** `{data: ref | [ref…] | null}`; a malformed relationship only loses that link, it must not fail the resource. */
const relationshipSchema = z
  .object({ data: orNull(z.union([refSchema, z.array(refSchema)])) })
  .catch(() => ({ data: null }));

/**
 * Relationships by name, {} when absent or not an object. Built on an object without prototype, so a relationship
 * called `__proto__` is an entry like any other, not a prototype to set (`z.record` would drop it).
 */
const relationshipsSchema = z
  .unknown()
  .optional()
  .transform((value) => {
    const relationships: Record<string, z.infer<typeof relationshipSchema>> = Object.create(null);
    if (isObject(value)) {
      for (const name in value) relationships[name] = relationshipSchema.parse(value[name]);
    }
    return relationships;
  });

/** `{id, type, attributes, relationships}`. */
const resourceSchema = z.object({
  id: idSchema,
  type: requiredString,
  attributes: z.unknown().optional(),
  relationships: relationshipsSchema,
});

/** `included`: a list, or null when absent or not a list. */
const includedList = z.array(z.unknown()).nullable().catch(null);

const singleDocumentSchema = z.object({ data: resourceSchema, included: includedList });

const listDocumentSchema = z.object({
  data: z.array(resourceSchema),
  included: includedList,
  links: orNull(z.object({ next: optionalString })),
  meta: orNull(z.object({ total: optionalNumber })),
});

/**
 * Sideloaded resources by `type:id`, with an id-only fallback (a `port` relationship may point at a `metro_area`).
 * Entries are validated when first looked up, so the many sideloaded resources no card reads (transport events,
 * users) cost a map entry each and nothing more.
 */
export class IncludedIndex {
  private readonly byKey = new Map<string, unknown>();
  private readonly byId = new Map<string, unknown>();
  private readonly parsed = new Map<unknown, Resource | null>();

  constructor(included: readonly unknown[] | null | undefined) {
    if (!included) return;
    for (const raw of included) {
      if (typeof raw !== 'object' || raw === null || !('id' in raw) || !('type' in raw)) continue;
      const id = String(raw.id);
      this.byKey.set(`${String(raw.type)}:${id}`, raw);
      if (!this.byId.has(id)) this.byId.set(id, raw);
    }
  }

  find(ref: ResourceRef | null | undefined): Resource | null {
    if (!ref) return null;
    const raw = this.byKey.get(`${ref.type}:${ref.id}`) ?? this.byId.get(ref.id);
    return raw === undefined ? null : this.resource(raw);
  }

  private resource(raw: unknown): Resource | null {
    let resource = this.parsed.get(raw);
    if (resource === undefined) {
      const result = resourceSchema.safeParse(raw);
      resource = result.success ? result.data : null;
      this.parsed.set(raw, resource);
    }
    return resource;
  }
}

export interface SingleDocument {
  data: Resource;
  included: IncludedIndex;
}

export interface ListDocument {
  data: Resource[];
  included: IncludedIndex;
  next: string | null;
  total: number | null;
}

/** `{data: resource, included?}`; throws `bad_response` naming `what` when the envelope is not there. */
export function parseSingleDocument(json: unknown, what: string, expectedType?: string): SingleDocument {
  const doc = parseOrThrow(singleDocumentSchema, json, what);
  // A lenient schema would read any resource as this one (a shipment as an "Unnamed vessel"), so when the caller
  // knows the primary type, a document that names another type is refused rather than rendered as empty.
  if (expectedType !== undefined && doc.data.type !== expectedType) {
    return badResponse(
      `Expected a ${what} document from the tracking API, got a '${doc.data.type}' resource`,
    );
  }
  return { data: doc.data, included: new IncludedIndex(doc.included) };
}

/** `{data: [resource…], included?, links?, meta?}`. */
export function parseListDocument(json: unknown, what: string): ListDocument {
  const doc = parseOrThrow(listDocumentSchema, json, what);
  return {
    data: doc.data,
    included: new IncludedIndex(doc.included),
    next: doc.links?.next ?? null,
    total: doc.meta?.total ?? null,
  };
}

/** The single related ref of `name` (null when absent, null, or a list). */
export function relatedOne(resource: Resource, name: string): ResourceRef | null {
  const data = resource.relationships[name]?.data;
  return data && !Array.isArray(data) ? data : null;
}

/** The related refs of `name` ([] when absent or null; a single ref becomes a one-element list). */
export function relatedMany(resource: Resource, name: string): ResourceRef[] {
  const data = resource.relationships[name]?.data;
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
}

/** Parses `resource.attributes` with `parser`; a mismatch is a `bad_response` naming the resource. */
export function parseAttributes<T>(parser: Parser<T>, resource: Resource): T {
  return parseOrThrow(parser, resource.attributes ?? {}, `${resource.type} ${resource.id}`, 'attributes');
}

/** A zod schema or a fields.ts schema: anything with zod's `safeParse` result shape. */
export interface Parser<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/** Runs a schema and turns its failure into a `bad_response` that names paths, never values. */
export function parseOrThrow<T>(parser: Parser<T>, value: unknown, what: string, prefix?: string): T {
  const result = parser.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined).join('.');
    return `${path === '' ? '(root)' : path}: ${issue.message}`;
  });
  return badResponse(`Unexpected ${what} response from the tracking API (${issues.join('; ')})`);
}

/**
 * Maps a secondary sideloaded resource (a port, a terminal, a tracking request's shipment), or gives null when it is
 * missing or unreadable: a stub in `included` (the OAS lists shipments as bare `{id, type, links}`) must not cost
 * the user the primary resource.
 */
export function mapOptional<T>(resource: Resource | null, map: (resource: Resource) => T): T | null {
  if (resource === null) return null;
  try {
    return map(resource);
  } catch (error) {
    if (error instanceof TrackingApiError && error.code === 'bad_response') return null;
    throw error;
  }
}

export function badResponse(message: string): never {
  throw new TrackingApiError({ code: 'bad_response', message });
}
