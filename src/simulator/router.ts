/** A method + path table: `/shipments/:id`-style patterns, matched segment by segment. */
import type { RouteHandler } from './context.js';

export interface RouteDefinition {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: string;
  handler: RouteHandler;
  /** Presigned downloads need no API key, as object-store URLs do not. */
  public?: boolean;
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

export function createRouter(routes: readonly RouteDefinition[]): Router {
  const compiled: CompiledRoute[] = routes.map((route) => ({ route, segments: splitPath(route.pattern) }));
  return {
    match(method, path) {
      const segments = splitPath(path);
      for (const { route, segments: pattern } of compiled) {
        if (route.method !== method || pattern.length !== segments.length) continue;
        const params: Record<string, string> = {};
        const ok = pattern.every((part, index) => {
          const actual = segments[index] ?? '';
          if (part.startsWith(':')) {
            try {
              params[part.slice(1)] = decodeURIComponent(actual);
            } catch {
              return false;
            }
            return true;
          }
          return part === actual;
        });
        if (ok) return { route, params };
      }
      return null;
    },
  };
}
