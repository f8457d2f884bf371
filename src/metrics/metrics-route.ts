/**
 * `GET /metrics` (docs/operations.md, "Metrics"): not public. It answers only a request that carries
 * `Authorization: Bearer $SHIPWATCH_METRICS_TOKEN` (compared in constant time); without the variable set the route
 * does not exist (404), so nothing about Shipwatch's load is exposed by default; a missing or wrong token gets 401.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { HttpRoute } from '../http/route.js';
import type { ShipwatchMetrics } from './shipwatch-metrics.js';

export const METRICS_PATH = '/metrics';

export function metricsRoute(options: { metrics: ShipwatchMetrics | null; token: string | null }): HttpRoute {
  const { metrics, token } = options;
  // Hashes have one length whatever the token's, so the comparison takes the same time for any guess.
  const expected = token === null ? null : digest(`Bearer ${token}`);
  return {
    method: 'GET',
    path: METRICS_PATH,
    async handle(req, res) {
      if (metrics === null || expected === null) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      const given = req.headers.authorization;
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        res
          .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
          .end('Unauthorized\n');
        return;
      }
      try {
        const body = await metrics.render();
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(body);
      } catch {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n');
      }
    },
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
