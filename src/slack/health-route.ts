/** `GET /healthz` for load balancers and container orchestrators: answers while the process can serve requests. */
import type { CustomRoute } from '@slack/bolt';

export const HEALTH_PATH = '/healthz';

export function healthRoute(): CustomRoute {
  return {
    path: HEALTH_PATH,
    method: ['GET'],
    handler: (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify({ ok: true }));
    },
  };
}
