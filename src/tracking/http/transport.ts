/**
 * The HTTP seam. Everything above talks to an `HttpTransport`: one request in, status + lowercase headers + body text
 * out. The default is undici's `request` over a keep-alive `Agent` (no WHATWG fetch overhead on the hot path); tests
 * and the demo pass `fromFetchHandler(sim.handle)` to reach the simulator in-process through the same code path.
 */
import { Agent, request } from 'undici';

export interface HttpRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  /** Lowercase header names. */
  headers: Readonly<Record<string, string>>;
  text: string;
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

export interface UndiciTransportOptions {
  /** Sockets per origin; the API allows 100 requests a minute, so a handful is plenty. */
  connections?: number;
  keepAliveTimeoutMs?: number;
  /** The largest answer read; a bigger one fails as a network error instead of filling memory. Default 8 MiB. */
  maxResponseBytes?: number;
}

/**
 * A page of 100 shipments with their containers and terminals is a few hundred kilobytes; an answer far beyond that
 * is not one the client can use, and reading it whole would let one misbehaving upstream exhaust the process.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** A keep-alive undici transport and a `close()` that ends its sockets (call it on shutdown and in tests). */
export function createUndiciTransport(options: UndiciTransportOptions = {}): {
  transport: HttpTransport;
  close(): Promise<void>;
} {
  const agent = new Agent({
    connections: options.connections ?? 8,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    keepAliveMaxTimeout: 60_000,
    // Per-attempt deadlines are enforced above (request-executor); these only stop a socket from lingering forever.
    headersTimeout: 60_000,
    bodyTimeout: 60_000,
  });
  const transport: HttpTransport = async (req) => {
    const response = await request(req.url, {
      dispatcher: agent,
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
    });
    const text = await readCapped(response.body, options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    return { status: response.statusCode, headers: flattenHeaders(response.headers), text };
  };
  return { transport, close: () => agent.close() };
}

/** Reads a body as text, giving up (and dropping the socket) as soon as it passes `maxBytes`. */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  maxBytes: number,
) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      const error = Object.assign(new Error(`the answer is larger than ${maxBytes} bytes`), {
        code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE',
      });
      body.destroy(error);
      throw error;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Adapts an in-process `(Request) => Promise<Response>` handler (the simulator's `handle`) to a transport. */
export function fromFetchHandler(handle: (request: Request) => Promise<Response>): HttpTransport {
  return async (req) => {
    const response = await handle(
      new Request(req.url, { method: req.method, headers: req.headers, body: req.body, signal: req.signal }),
    );
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, text: await response.text() };
  };
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in raw) {
    const value = raw[name];
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
