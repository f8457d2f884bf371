/** Shared helpers for the simulator's tests: a simulator on a fixed clock and a one-line way to call it. */
import { fixedClock } from '../../../src/clock.js';
import { createSimulator, type Simulator, type SimulatorOptions } from '../../../src/simulator/index.js';

/** A Tuesday two days after US clocks went forward and before Europe's did: zone offsets differ across the demo. */
export const FIXED_NOW = '2026-03-10T15:30:00Z';

export function demoSimulator(options: SimulatorOptions = {}): Simulator {
  return createSimulator({ clock: fixedClock(FIXED_NOW), ...options });
}

export interface CallOptions {
  key?: string | null;
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A JSON:API resource as the tests read it. */
export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: unknown }>;
  links: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body (null when it is not JSON). */
  body: Record<string, unknown> | null;
}

/** Calls the simulator in-process with `Authorization: Token demo` unless told otherwise. */
export async function call(
  simulator: Simulator,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? 'demo' : options.key;
  if (key !== null) headers.authorization = `Token ${key}`;
  let requestBody: string | undefined;
  if (options.body !== undefined) {
    requestBody = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const url = path.startsWith('http') ? path : `http://sim/v2${path}`;
  const response = await simulator.handle(
    new Request(url, { method: options.method ?? 'GET', headers, body: requestBody, signal: options.signal }),
  );
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** `data` of a single-resource document. */
export function one(result: CallResult): Resource {
  const data = result.body?.data;
  if (!data || Array.isArray(data))
    throw new Error(`expected one resource, got ${result.text.slice(0, 200)}`);
  return data as Resource; // SAFETY: test-only view of a JSON:API resource object.
}

/** `data` of a list document. */
export function many(result: CallResult): Resource[] {
  const data = result.body?.data;
  if (!Array.isArray(data)) throw new Error(`expected a list, got ${result.text.slice(0, 200)}`);
  return data as Resource[]; // SAFETY: test-only view of JSON:API resource objects.
}

export function included(result: CallResult): Resource[] {
  return (result.body?.included ?? []) as Resource[]; // SAFETY: test-only view of JSON:API resource objects.
}

export function links(result: CallResult): Record<string, string> {
  return (result.body?.links ?? {}) as Record<string, string>; // SAFETY: links are strings in every document.
}

export function errorsOf(result: CallResult): Array<Record<string, unknown>> {
  return (result.body?.errors ?? []) as Array<Record<string, unknown>>; // SAFETY: test-only view of errors[].
}

/** The `{id, type}` a to-one relationship points at (null when empty). */
export function related(resource: Resource, name: string): { id: string; type: string } | null {
  return (resource.relationships[name]?.data ?? null) as { id: string; type: string } | null; // SAFETY: to-one.
}

export function relatedIds(resource: Resource, name: string): string[] {
  const data = resource.relationships[name]?.data;
  return Array.isArray(data) ? data.map((ref: { id: string }) => ref.id) : [];
}
