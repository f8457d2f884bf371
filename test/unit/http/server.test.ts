/**
 * Shipwatch's one HTTP server: exact paths first, then the longest prefix; a known path with another method is 405,
 * an unknown one 404; a failing route answers 500 and the server keeps serving; stop() lets the process exit even
 * with a client that keeps its connection open.
 */
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRoute } from '../../../src/http/route.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { silentLogger } from '../../../src/logger.js';

const answer = (
  path: string,
  text: string,
  method: HttpRoute['method'] = 'GET',
  prefix = false,
): HttpRoute => ({
  method,
  path,
  prefix,
  handle: (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
  },
});

describe('the HTTP server', () => {
  let server: HttpServer;
  afterEach(async () => server?.stop());

  async function serve(...routes: HttpRoute[]): Promise<string> {
    server = createHttpServer({ logger: silentLogger });
    for (const route of routes) server.mount(route);
    await server.listen(0, '127.0.0.1');
    return server.url ?? '';
  }

  it('serves an exact path before a prefix, and the longest prefix among several', async () => {
    const url = await serve(
      answer('/webhooks/terminal49', 'exact', 'POST'),
      answer('/webhooks/', 'short prefix', 'POST', true),
      answer('/webhooks/terminal49/', 'per account', 'POST', true),
    );
    const post = async (path: string) => (await fetch(`${url}${path}`, { method: 'POST' })).text();
    expect(await post('/webhooks/terminal49')).toBe('exact');
    expect(await post('/webhooks/terminal49/acct_1')).toBe('per account');
    expect(await post('/webhooks/other')).toBe('short prefix');
  });

  it('answers 405 with Allow for a known path and another method, 404 for an unknown path', async () => {
    const url = await serve(answer('/healthz', 'ok'));
    const wrong = await fetch(`${url}/healthz`, { method: 'POST' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect((await fetch(`${url}/nowhere`)).status).toBe(404);
  });

  it('answers 500 when a route throws, and keeps serving', async () => {
    const url = await serve(
      { method: 'GET', path: '/broken', handle: () => Promise.reject(new Error('boom')) },
      answer('/healthz', 'ok'),
    );
    expect((await fetch(`${url}/broken`)).status).toBe(500);
    expect(await (await fetch(`${url}/healthz`)).text()).toBe('ok');
  });

  it('replaces a route mounted twice for the same method and path', async () => {
    const url = await serve(answer('/healthz', 'first'), answer('/healthz', 'second'));
    expect(await (await fetch(`${url}/healthz`)).text()).toBe('second');
  });

  it('stops even while a client holds a half-sent request open', async () => {
    const url = new URL(await serve(answer('/healthz', 'ok', 'POST')));
    const socket = connect(Number(url.port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf');
    const started = Date.now();
    await server.stop(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    socket.destroy();
  });
});
