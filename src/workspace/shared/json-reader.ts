/** Small guards for reading JSON of unknown shape (bot payloads, Block Kit) without casts. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, key: string): JsonObject | null {
  if (!isObject(value)) return null;
  const child = value[key];
  return isObject(child) ? child : null;
}

export function arrayAt(value: unknown, key: string): unknown[] | null {
  if (!isObject(value)) return null;
  const child = value[key];
  return Array.isArray(child) ? child : null;
}

export function stringAt(value: unknown, key: string): string | null {
  if (!isObject(value)) return null;
  const child = value[key];
  return typeof child === 'string' ? child : null;
}

export function objects(list: unknown[] | null): JsonObject[] {
  return (list ?? []).filter(isObject);
}
