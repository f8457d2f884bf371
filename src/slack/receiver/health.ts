/**
 * `GET /healthz` for load balancers and orchestrators: 200 `{"ok":true,…}` while the process can serve requests, 503
 * with the failing check's reason (never a secret) when it cannot: Slack refused the bot token at start, or the store
 * is unreachable. Each check is a small async function; the route runs them all and reports each.
 */
import type { HttpRoute } from './http-receiver.js';

export const HEALTH_PATH = '/healthz';

export type HealthCheck = () => Promise<{ ok: true } | { ok: false; reason: string }>;

export function healthRoute(checks: Readonly<Record<string, HealthCheck>> = {}): HttpRoute {
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
      // Healthy is plain `{"ok":true}`; the checks are spelled out when one fails.
      res.end(JSON.stringify(ok ? { ok } : { ok, checks: results }));
    },
  };
}
