/**
 * A method + path table: `/shipments/:id`-style patterns, matched segment by segment. When several patterns match,
 * the most specific wins (a literal segment beats a parameter at the first place they differ), so
 * `/webhooks/events` is never taken for `/webhooks/:id`, whatever order the table lists them in.
 */
import type { RouteHandler } from './context.js';

/** A bucket of its own, apart from the default rate limit (the real API's creation and inference quotas). */
export type RouteQuota = 'create_tracking_request' | 'infer_number' | 'refresh';

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: string;
  handler: RouteHandler;
  /** Presigned downloads need no API key, as object-store URLs do not. */
  public?: boolean;
  /** Whether a read-only key is refused (default: every method but GET). */
  write?: boolean;
  quota?: RouteQuota;
}

export interface RouteMatch {
  route: RouteDefinition;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  segments: string[];
}

export interface Router {
  match(method: string, path: string): RouteMatch | null;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function isParameter(segment: string): boolean {
  return segment.startsWith(':');
}

/**
 * Negative when `a` is more specific than `b`. Only patterns of the same length can compete for a path, so length
 * comes first (it keeps the order total); then the first differing segment decides, literal before parameter.
 */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  if (a.segments.length !== b.segments.length) return a.segments.length - b.segments.length;
  for (let index = 0; index < a.segments.length; index += 1) {
    const aParam = isParameter(a.segments[index] ?? '');
    const bParam = isParameter(b.segments[index] ?? '');
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
}

function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const actual = segments[index] ?? '';
    if (!isParameter(part)) {
      if (part !== actual) return null;
      continue;
    }
    try {
      params[part.slice(1)] = decodeURIComponent(actual);
    } catch {
      return null;
    }
  }
  return params;
}

export function createRouter(routes: readonly RouteDefinition[]): Router {
  // Array.prototype.sort is stable: equally specific routes keep the table's order.
  const compiled: CompiledRoute[] = routes
    .map((route) => ({ route, segments: splitPath(route.pattern) }))
    .sort(bySpecificity);
  return {
    match(method, path) {
      const segments = splitPath(path);
      for (const { route, segments: pattern } of compiled) {
        if (route.method !== method || pattern.length !== segments.length) continue;
        const params = matchSegments(pattern, segments);
        if (params) return { route, params };
      }
      return null;
    },
  };
}
