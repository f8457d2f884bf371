/**
 * Shipwatch's one HTTP server: it owns the port in every mode and serves every route — Slack's events in HTTP mode,
 * `/healthz`, Terminal49's webhooks (in Socket Mode too), and whatever else is mounted (metrics, OAuth). Routes are
 * matched by exact path, then by the longest prefix; a known path with another method answers 405. Whole requests are
 * bounded in time (headers and body), so a half-sent request cannot hold a socket for long. `stop()` stops accepting,
 * lets requests in progress finish for a bounded time, then closes every socket, so the process can exit.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger.js';
import type { HttpRoute } from './route.js';

export interface HttpServerOptions {
  logger: Logger;
  /** Whole-request receive timeout (headers and body); default 10 s. */
  requestTimeoutMs?: number;
}

export interface HttpServer {
  /** Adds a route; a route for the same method and path replaces the earlier one. */
  mount(route: HttpRoute): void;
  listen(port: number, host: string): Promise<AddressInfo>;
  /** `http://HOST:PORT` once listening (a wildcard host reads as 127.0.0.1). */
  readonly url: string | null;
  /** Stops accepting; requests in progress get `drainMs` to finish, then every socket is closed. */
  stop(drainMs?: number): Promise<void>;
}

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const routes: HttpRoute[] = [];
  let server: Server | null = null;
  let url: string | null = null;

  const find = (path: string): HttpRoute[] => {
    const exact = routes.filter((route) => !route.prefix && route.path === path);
    if (exact.length > 0) return exact;
    const prefixed = routes
      .filter((route) => route.prefix && path.startsWith(route.path))
      .sort((a, b) => b.path.length - a.path.length);
    const longest = prefixed[0]?.path;
    return prefixed.filter((route) => route.path === longest);
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    const path = pathOf(req.url);
    const method = (req.method ?? '').toUpperCase();
    const candidates = path === null ? [] : find(path);
    if (candidates.length === 0) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
        .end('Not found');
      return;
    }
    const route = candidates.find((candidate) => candidate.method === method);
    if (!route) {
      res.writeHead(405, {
        allow: candidates.map((candidate) => candidate.method).join(', '),
        connection: 'close',
      });
      res.end();
      return;
    }
    Promise.resolve()
      .then(() => route.handle(req, res))
      .catch((error: unknown) => {
        options.logger.error('route failed', { path, error });
        if (!res.headersSent) res.writeHead(500).end();
      });
  };

  return {
    mount(route) {
      const index = routes.findIndex(
        (candidate) =>
          candidate.method === route.method &&
          candidate.path === route.path &&
          !!candidate.prefix === !!route.prefix,
      );
      if (index >= 0) routes.splice(index, 1, route);
      else routes.push(route);
    },
    async listen(port, host) {
      if (server) throw new Error('the HTTP server is already listening');
      const created = createServer(dispatch);
      created.requestTimeout = options.requestTimeoutMs ?? 10_000;
      created.headersTimeout = Math.min(created.requestTimeout, 5_000);
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, host, () => {
          created.off('error', reject);
          resolve();
        });
      });
      created.on('error', (error) => options.logger.error('HTTP server error', { error }));
      server = created;
      // SAFETY: a server listening on a TCP host and port has an AddressInfo address.
      const address = created.address() as AddressInfo;
      const urlHost =
        host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      url = `http://${urlHost}:${address.port}`;
      return address;
    },
    get url() {
      return url;
    },
    async stop(drainMs = 2_000) {
      const running = server;
      if (!running) return;
      server = null;
      const closed = new Promise<void>((resolve) => running.close(() => resolve()));
      running.closeIdleConnections();
      const timer = setTimeout(() => running.closeAllConnections(), drainMs);
      timer.unref();
      await closed;
      clearTimeout(timer);
    },
  };
}

function pathOf(url: string | undefined): string | null {
  if (url === undefined || !URL.canParse(url, 'http://localhost')) return null;
  return new URL(url, 'http://localhost').pathname;
}
