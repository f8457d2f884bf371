/**
 * Stands in for Slack's `response_url` endpoints: hands out unique URLs on 127.0.0.1, records every JSON body POSTed
 * to them, and can answer 404 for a URL as Slack does once a response_url has expired (30 minutes or 5 uses).
 */
import { listenOnLoopback, readBody, waitUntil } from './loopback-server.js';

export interface ResponseUrlPost {
  url: string;
  body: Record<string, unknown>;
  status: number;
  at: number;
}

export interface ResponseUrlCatcher {
  /** A fresh response_url, unique per call. */
  newUrl(): string;
  readonly posts: ReadonlyArray<ResponseUrlPost>;
  postsTo(url: string): ResponseUrlPost[];
  waitForPost(
    url: string,
    match?: (post: ResponseUrlPost) => boolean,
    timeoutMs?: number,
  ): Promise<ResponseUrlPost>;
  /** From now on `url` answers 404 `expired_url`. */
  expire(url: string): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startResponseUrlCatcher(): Promise<ResponseUrlCatcher> {
  const posts: ResponseUrlPost[] = [];
  const expired = new Set<string>();
  let counter = 0;
  let origin = '';

  const server = await listenOnLoopback((request, response) => {
    readBody(request)
      .then((raw) => {
        const url = `${origin}${request.url ?? '/'}`;
        const status = expired.has(url) ? 404 : 200;
        let body: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(raw);
          // SAFETY: response_url bodies are JSON objects; other shapes are recorded as an empty body.
          if (parsed !== null && typeof parsed === 'object') body = parsed as Record<string, unknown>;
        } catch {
          body = { unparsed: raw };
        }
        posts.push({ url, body, status, at: Date.now() });
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'ok' : 'expired_url');
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
  origin = server.origin;

  return {
    newUrl: () => `${origin}/commands/T0SHIPWATCH/${++counter}/response`,
    posts,
    postsTo: (url) => posts.filter((post) => post.url === url),
    waitForPost: (url, match = () => true, timeoutMs = 5_000) =>
      waitUntil(
        () => posts.find((post) => post.url === url && match(post)),
        () => `a POST to ${url} (posts so far: ${posts.length})`,
        timeoutMs,
      ),
    expire: (url) => expired.add(url),
    reset: () => {
      posts.length = 0;
      expired.clear();
    },
    close: () => server.close(),
  };
}
