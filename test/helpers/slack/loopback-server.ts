/**
 * A node:http server on 127.0.0.1 (or `host`) with an OS-picked port, closed hard (open and hanging sockets included)
 * so a test never waits on a keep-alive connection or a deliberately hung request. Idle connections are kept for a
 * minute, longer than a client's keep-alive, so a client under load is never cut off between two requests.
 */
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export async function listenOnLoopback(
  listener: RequestListener,
  host = '127.0.0.1',
): Promise<LoopbackServer> {
  const server: Server = createServer(listener);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host }, () => resolve());
  });
  // SAFETY: a server listening on a TCP host/port always reports an AddressInfo, never a pipe name.
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Resolves when `check` returns a value, polling every few milliseconds; rejects with `describe()` after `timeoutMs`. */
export async function waitUntil<T>(
  check: () => T | undefined,
  describe: () => string,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
