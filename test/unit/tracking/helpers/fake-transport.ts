/**
 * A scripted stand-in for the HTTP transport: each request gets the next scripted reply (the last one repeats), and
 * every request is recorded so tests can assert what was sent and how often.
 */
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../../src/tracking/http/transport.js';

export type Reply =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  /** Never answers; `ignoreAbort` also ignores the abort signal, like an in-process handler that hangs. */
  | { hang: true; ignoreAbort?: boolean }
  | { error: Error };

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Readonly<Record<string, string>>;
  body: unknown;
}

export interface FakeTransport {
  transport: HttpTransport;
  readonly requests: RecordedRequest[];
}

/** Replies in order, repeating the last. */
export function scriptedTransport(...replies: Reply[]): FakeTransport {
  let index = 0;
  return routedTransport(() => {
    const reply = replies[Math.min(index, replies.length - 1)];
    index++;
    if (reply === undefined) throw new Error('scriptedTransport needs at least one reply');
    return reply;
  });
}

/** Replies by request: `route` sees the recorded request (parsed URL and JSON body). */
export function routedTransport(route: (request: RecordedRequest) => Reply): FakeTransport {
  const requests: RecordedRequest[] = [];
  const transport: HttpTransport = (req: HttpRequest) => {
    const recorded: RecordedRequest = {
      method: req.method,
      url: new URL(req.url),
      headers: req.headers,
      body: req.body === undefined ? undefined : JSON.parse(req.body),
    };
    requests.push(recorded);
    const reply = route(recorded);
    if ('hang' in reply) {
      return new Promise<HttpResponse>((_resolve, reject) => {
        if (reply.ignoreAbort !== true) {
          req.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }
      });
    }
    if ('error' in reply) return Promise.reject(reply.error);
    const text =
      typeof reply.body === 'string'
        ? reply.body
        : reply.body === undefined
          ? ''
          : JSON.stringify(reply.body);
    return Promise.resolve({ status: reply.status, headers: reply.headers ?? {}, text });
  };
  return { transport, requests };
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
