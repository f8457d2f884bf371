/**
 * The stand-in's HTTP surface on one port:
 *   POST /api/<method>      fake Slack Web API (the bot's WebClient points here)
 *   POST /response/<token>  response_urls
 *   GET  /  /assets/*       the page;  GET /state, GET /events (SSE)  its data
 *   POST /ui/<name>         the page's actions (JSON only, which also keeps other sites from posting here)
 *   POST /ui/demo-time      the demo-time control (same origin and JSON: http/same-origin.ts)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { DemoTimeControl } from '../demo-time.js';
import type { WorkspaceCore } from '../interactions/core.js';
import { openHome } from '../interactions/open-home.js';
import { handleResponseUrl } from '../interactions/response-url.js';
import { runAction } from '../interactions/run-action.js';
import { runCommand } from '../interactions/run-command.js';
import { closeView, submitView } from '../interactions/run-submission.js';
import type { UiResult, WorkspaceSnapshot } from '../protocol.js';
import type { WebApi } from '../web-api/web-api.js';
import { handleDemoTime } from './demo-time-route.js';
import type { PageAssets } from './page-assets.js';
import { BodyTooLargeError, readBody } from './read-body.js';
import { checkUiRequest } from './same-origin.js';
import type { SseHub } from './sse-hub.js';
import * as schemas from './ui-requests.js';

export interface RouteDependencies {
  core: WorkspaceCore;
  webApi: WebApi;
  hub: SseHub;
  snapshot: (viewerId: string) => WorkspaceSnapshot;
  assets: PageAssets;
  /** Host-header check (host-guard.ts). */
  allowHost(host: string | undefined): boolean;
  /** Absent: `/ui/demo-time` answers 404 and the page hides the control. */
  demoTime?: DemoTimeControl;
  /** Pages of Slack's own site (the install demo's authorize page), tried first; true when answered. */
  route?(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
}

const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' https: http: data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">🚢</text></svg>';

export function createRouteHandler(deps: RouteDependencies) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    try {
      await route(deps, request, response);
    } catch (error) {
      if (response.headersSent) return void response.end();
      const tooLarge = error instanceof BodyTooLargeError;
      sendJson(response, tooLarge ? 413 : 500, {
        ok: false,
        error: tooLarge ? 'too_large' : 'internal_error',
      });
    }
  };
}

async function route(
  deps: RouteDependencies,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (!deps.allowHost(request.headers.host)) {
    return sendJson(response, 421, { ok: false, error: 'unexpected_host' });
  }
  const url = new URL(request.url ?? '/', 'http://local');
  const path = url.pathname;
  const method = request.method ?? 'GET';
  if (deps.route && (await deps.route(request, response, url))) return;

  if (method === 'POST' && path.startsWith('/api/')) {
    const body = await readBody(request);
    const answer = deps.webApi.handle({
      method: decodeURIComponent(path.slice('/api/'.length)).slice(0, 100),
      contentType: request.headers['content-type'],
      authorization: request.headers.authorization,
      body,
    });
    return sendJson(response, 200, answer);
  }
  if (method === 'POST' && path.startsWith('/response/')) {
    const answer = handleResponseUrl(deps.core, path.slice('/response/'.length), await readBody(request));
    return sendJson(response, answer.status, answer.json);
  }
  if (method === 'POST' && path.startsWith('/upload/')) {
    // The upload URL files.getUploadURLExternal handed the bot: Slack answers 200 "OK - <length>".
    const body = await readBody(request);
    const received = deps.core.files?.receive(path.slice('/upload/'.length), Buffer.from(body, 'utf8'));
    return send(
      response,
      received ? 200 : 404,
      'text/plain',
      received ? `OK - ${body.length}` : 'not_found',
      {},
    );
  }
  if ((method === 'GET' || method === 'HEAD') && path.startsWith('/files/')) {
    const file = deps.core.files?.get(path.slice('/files/'.length));
    if (!file?.completed || file.bytes === null)
      return sendJson(response, 404, { ok: false, error: 'file_not_found' });
    return send(response, 200, 'text/csv; charset=utf-8', file.bytes.toString('utf8'), {
      'content-disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
      'x-content-type-options': 'nosniff',
    });
  }
  if (method === 'POST' && path === '/ui/demo-time') {
    const answer = await handleDemoTime(deps.demoTime, request);
    return sendJson(response, answer.status, answer.body);
  }
  if (method === 'POST' && path.startsWith('/ui/')) return handleUi(deps, path.slice(4), request, response);
  if (method !== 'GET' && method !== 'HEAD')
    return sendJson(response, 405, { ok: false, error: 'method_not_allowed' });

  switch (path) {
    case '/':
    case '/index.html':
      return send(response, 200, 'text/html; charset=utf-8', deps.assets.html, PAGE_HEADERS);
    case '/assets/app.js':
      return send(response, 200, 'text/javascript; charset=utf-8', deps.assets.script, PAGE_HEADERS);
    case '/assets/app.css':
      return send(response, 200, 'text/css; charset=utf-8', deps.assets.style, PAGE_HEADERS);
    case '/state':
      return sendJson(response, 200, deps.snapshot(viewerOf(deps, url)));
    case '/events':
      return deps.hub.add(response, viewerOf(deps, url));
    case '/favicon.ico':
    case '/favicon.svg':
      return send(response, 200, 'image/svg+xml', FAVICON, PAGE_HEADERS);
    case '/healthz':
      return sendJson(response, 200, { ok: true });
    default:
      return sendJson(response, 404, { ok: false, error: 'not_found' });
  }
}

async function handleUi(
  deps: RouteDependencies,
  name: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // Cross-site request forgery: another page open in the same browser must not make the bot write through the
  // real API key. Same origin, and a body declared exactly application/json (not `text/plain; x=application/json`).
  const check = checkUiRequest(request.headers);
  if (!check.ok) return sendJson(response, check.status, { ok: false, error: check.error });
  const raw = await readBody(request);
  const { core } = deps;
  const parse = <T extends z.ZodType>(schema: T): z.infer<T> | null => {
    try {
      const result = schema.safeParse(JSON.parse(raw));
      return result.success ? result.data : null;
    } catch {
      return null;
    }
  };
  let result: UiResult | null = null;
  switch (name) {
    case 'command': {
      const body = parse(schemas.commandRequest);
      if (body) result = await runCommand(core, body);
      break;
    }
    case 'action': {
      const body = parse(schemas.actionRequest);
      if (body) result = await runAction(core, body);
      break;
    }
    case 'submit': {
      const body = parse(schemas.submitRequest);
      if (body) result = await submitView(core, body);
      break;
    }
    case 'close': {
      const body = parse(schemas.closeRequest);
      if (body) result = await closeView(core, body);
      break;
    }
    case 'home-opened': {
      const body = parse(schemas.homeOpenedRequest);
      if (body) result = await openHome(core, body.userId);
      break;
    }
    case 'dismiss': {
      const body = parse(schemas.dismissRequest);
      const message = body ? core.channel.get(body.ts) : null;
      if (body && message?.ephemeralTo === body.userId) core.channel.remove(message.ts);
      if (body) result = { ok: true };
      break;
    }
    default:
      return sendJson(response, 404, { ok: false, error: 'not_found' });
  }
  return sendJson(response, result ? 200 : 400, result ?? { ok: false, error: 'invalid_request' });
}

function viewerOf(deps: RouteDependencies, url: URL): string {
  const requested = url.searchParams.get('user');
  const users = deps.core.identity.users;
  return users.find((user) => user.id === requested)?.id ?? users[0]?.id ?? '';
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(body), {});
}

function send(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string>,
): void {
  response.writeHead(status, { 'content-type': contentType, ...headers });
  response.end(body);
}
