/**
 * The node:http adapter behind `Simulator.listen()`: turns each IncomingMessage into a fetch Request for the shared
 * pipeline and enacts transport faults for real — `reset` destroys the socket, `hang` never answers (the socket is
 * destroyed when the client gives up or the server closes). A client that disconnects aborts the request's signal.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Outcome } from './fault-outcomes.js';
import type { RunningSimulator } from './types.js';

type Dispatch = (request: Request) => Promise<Outcome>;

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
]);

async function readBody(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function toHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

async function serveNodeRequest(
  dispatch: Dispatch,
  message: IncomingMessage,
  reply: ServerResponse,
  fallbackHost: string,
): Promise<void> {
  const controller = new AbortController();
  reply.on('close', () => {
    if (!reply.writableFinished)
      controller.abort(new DOMException('The client closed the connection', 'AbortError'));
  });
  let outcome: Outcome;
  try {
    const method = (message.method ?? 'GET').toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : Uint8Array.from(await readBody(message));
    const url = new URL(message.url ?? '/', `http://${message.headers.host ?? fallbackHost}`);
    outcome = await dispatch(
      new Request(url, { method, headers: toHeaders(message), body, signal: controller.signal }),
    );
  } catch {
    // Aborted by the client (nothing to answer) or an unparseable request line/host.
    if (!reply.headersSent && !reply.destroyed) reply.writeHead(400).end();
    return;
  }
  if (outcome.kind === 'reset') {
    message.socket.destroy();
    return;
  }
  if (outcome.kind === 'hang') return;
  const { response } = outcome;
  const bytes = Buffer.from(await response.arrayBuffer());
  response.headers.forEach((value, name) => {
    reply.setHeader(name, value);
  });
  if (response.status !== 204 && response.status !== 304) reply.setHeader('content-length', bytes.byteLength);
  reply.writeHead(response.status);
  reply.end(response.status === 204 || response.status === 304 ? undefined : bytes);
}

export async function startHttpServer(
  dispatch: Dispatch,
  options: { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  let fallbackHost = host;
  const server = createServer((message, reply) => {
    void serveNodeRequest(dispatch, message, reply, fallbackHost);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo; // SAFETY: a TCP server listening on host:port.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  fallbackHost = `${urlHost}:${port}`;
  return {
    url: `http://${urlHost}:${port}/v2`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Hanging requests and idle keep-alive connections would otherwise hold close() open forever.
        for (const socket of sockets) socket.destroy();
      }),
  };
}
