/**
 * `GET /healthz` for load balancers and orchestrators: 200 `{"ok":true,…}` while the process can serve requests, 503
 * with the failing check's reason (never a secret) when it cannot: Slack refused the bot token at start, or the store
 * is unreachable. Each check is a small async function; the route runs them all and reports each. Sections (`info`)
 * are reported beside the checks and never change the status: how far watching is behind its budget is worth
 * knowing, and no reason to take a replica out of a load balancer.
 */
import type { HttpRoute } from './route.js';

export const HEALTH_PATH = '/healthz';

export type HealthCheck = () => Promise<{ ok: true } | { ok: false; reason: string }>;

/** A section of the report that never changes the status (watch load, budgets). */
export type HealthInfo = () => Promise<unknown>;

export function healthRoute(
  checks: Readonly<Record<string, HealthCheck>> = {},
  info: Readonly<Record<string, HealthInfo>> = {},
): HttpRoute {
  return {
    method: 'GET',
    path: HEALTH_PATH,
    async handle(_req, res) {
      const results: Record<string, { ok: boolean; reason?: string }> = {};
      let ok = true;
      for (const [name, check] of Object.entries(checks)) {
        const result = await check().catch((error: unknown) => ({
          ok: false as const,
          reason: error instanceof Error ? error.message : 'check failed',
        }));
        results[name] = result;
        ok &&= result.ok;
      }
      res.writeHead(ok ? 200 : 503, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      const sections: Record<string, unknown> = {};
      for (const [name, read] of Object.entries(info)) {
        sections[name] = await read().catch(() => ({ error: 'unavailable' }));
      }
      // Healthy is `{"ok":true}` and its sections; the checks are spelled out when one fails.
      res.end(JSON.stringify(ok ? { ok, ...sections } : { ok, checks: results, ...sections }));
    },
  };
}
