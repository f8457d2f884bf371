/**
 * JSON:API documents shaped like production's: `data` with a relative `links.self` (`/v2/shipments/ID`), a top-level
 * absolute `links.self` that keeps the query string, `included` when something was asked to be included, and page
 * links whose `page[number]=…&page[size]=…` are literal (unencoded), as the live API writes them.
 */
import type { RouteContext } from '../context.js';
import type { ResourceObject } from '../resource.js';

/** The resource with a relative `links.self`, added when a loaded document lacked one. */
export function withSelfLink(resource: ResourceObject): ResourceObject {
  if (resource.links?.self) return resource;
  return { ...resource, links: { ...resource.links, self: `/v2/${resource.type}s/${resource.id}` } };
}

/** The absolute URL of this very request under /v2, query string kept as sent. */
export function requestSelfLink(context: RouteContext): string {
  return `${context.origin}/v2${context.path}${context.url.search}`;
}

export function singleDocument(
  context: RouteContext,
  resource: ResourceObject,
  included?: readonly ResourceObject[],
): Record<string, unknown> {
  const document: Record<string, unknown> = { data: withSelfLink(resource) };
  if (included) document.included = included;
  document.links = { self: requestSelfLink(context) };
  return document;
}

export interface Page<T> {
  items: T[];
  number: number;
  size: number;
  last: number;
  total: number;
}

export interface PageOptions {
  defaultSize?: number;
  maxSize?: number;
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** Slices `items` by `page[number]` (1-based) and `page[size]` (default 30, clamped to 100). */
export function pageOf<T>(items: readonly T[], query: URLSearchParams, options: PageOptions = {}): Page<T> {
  const size = Math.min(
    positiveInt(query.get('page[size]'), options.defaultSize ?? 30),
    options.maxSize ?? 100,
  );
  const number = positiveInt(query.get('page[number]'), 1);
  const start = (number - 1) * size;
  return {
    items: items.slice(start, start + size),
    number,
    size,
    last: Math.max(1, Math.ceil(items.length / size)),
    total: items.length,
  };
}

/** self / current / prev / next / last, keeping every other query parameter as it was sent. */
export function paginationLinks(context: RouteContext, page: Page<unknown>): Record<string, string> {
  const kept = context.url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !safeDecode(part.split('=')[0] ?? '').startsWith('page['));
  const base = `${context.origin}/v2${context.path}?${kept.map((part) => `${part}&`).join('')}`;
  const at = (number: number) => `${base}page[number]=${number}&page[size]=${page.size}`;
  const links: Record<string, string> = { self: requestSelfLink(context), current: at(page.number) };
  if (page.number > 1) links.prev = at(Math.min(page.number - 1, page.last));
  if (page.number < page.last) links.next = at(page.number + 1);
  links.last = at(page.last);
  return links;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
