/**
 * What every endpoint needs: URL building, the read path (cache → coalescing → executor → parse) and the write path
 * (executor once, then invalidate what the write changed, whether or not it reported success: a timed-out write may
 * still have been applied).
 */
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import { isTrackingApiError, TrackingApiError } from '../errors.js';
import type { ReadThrough } from '../http/read-through.js';
import type { ApiResponse, HttpMethod, QuotaBucket, RequestExecutor } from '../http/request-executor.js';
import type { SharedReads } from '../http/shared-reads.js';
import { sanitizeCause } from '../http/to-tracking-error.js';
import { badResponse } from '../jsonapi.js';
import type { ReadOptions } from '../tracking-client.js';

export type Query = Readonly<Record<string, string | number | undefined>>;

export interface ApiContext {
  baseUrl: string;
  execute: RequestExecutor;
  reads: ReadThrough;
  /** Replicas' answers through the store (PostgreSQL), behind `reads`; absent: this process reads alone. */
  shared?: { reads: SharedReads; ttlMs: number };
  clock: Clock;
  logger: Logger;
}

export interface GetSpec<T> {
  path: string;
  query?: Query;
  parse: (json: unknown, response: ApiResponse) => T;
  tags: (value: T) => readonly string[];
}

/** A cached, coalesced, retried GET whose parsed result is shared by every identical concurrent caller. */
export function getJson<T>(ctx: ApiContext, spec: GetSpec<T>, options: ReadOptions = {}): Promise<T> {
  const url = buildUrl(ctx.baseUrl, spec.path, spec.query);
  const send = () => ctx.execute({ method: 'GET', url });
  const { shared } = ctx;
  // Another replica's answer is as good as this process's cache would be: as old as the TTL at most, or for a
  // Refresh, fetched since it was clicked.
  const requestedAt = ctx.clock.now().getTime();
  // A Refresh takes only what was fetched after the click: an answer stamped in the click's own millisecond may have
  // been fetched before it (found as a flaky test: a read and its Refresh within one millisecond shared one answer).
  const notBefore = options.fresh === true ? requestedAt + 1 : requestedAt - (shared?.ttlMs ?? 0);
  // An answer another replica stored ages from when it was stored, not from when this process read it.
  let sharedAt: number | undefined;
  return ctx.reads.read(
    {
      key: url,
      expiresAt: () => (sharedAt === undefined || !shared ? undefined : sharedAt + shared.ttlMs),
      load: async () => {
        const response = await (shared ? shared.reads.fetch(url, notBefore, send) : send()).catch(
          asTrackingError('GET', spec.path),
        );
        sharedAt = response.sharedAt;
        try {
          return spec.parse(parseJsonBody(response.text, spec.path), response);
        } catch (error) {
          // A parser that trips over an unexpected shape read a response it could not use: bad_response too.
          const failure = isTrackingApiError(error) ? error : unusable(spec.path, error);
          // The API drifted from what this client understands: worth an operator's attention, not just a card.
          ctx.logger.warn('tracking api: unusable response', { path: spec.path, error: failure.message });
          throw failure;
        }
      },
      tags: spec.tags,
    },
    options,
  );
}

export interface SendSpec {
  method: Exclude<HttpMethod, 'GET'>;
  path: string;
  body: unknown;
  /** Cache tags this write makes stale. */
  invalidates: readonly string[];
  /** The API quota it spends, when not the shared one (creating tracking requests, inferring numbers). */
  bucket?: QuotaBucket;
}

/** One attempt, never coalesced or retried; returns the parsed body (null when the API sent none). */
export async function sendJson(ctx: ApiContext, spec: SendSpec): Promise<unknown> {
  try {
    const response = await ctx
      .execute({
        method: spec.method,
        url: buildUrl(ctx.baseUrl, spec.path),
        body: spec.body,
        ...(spec.bucket ? { bucket: spec.bucket } : {}),
      })
      .catch(asTrackingError(spec.method, spec.path));
    return response.text.trim() === '' ? null : parseJsonBody(response.text, spec.path);
  } finally {
    ctx.reads.invalidate(spec.invalidates);
    // Other replicas' stored answers of this account may predate the write too.
    await ctx.shared?.reads.forget();
  }
}

/** `base + path + ?query`, with every key and value percent-encoded (brackets included) and undefined values left out. */
export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  let url = baseUrl + path;
  if (query === undefined) return url;
  let separator = '?';
  for (const key in query) {
    const value = query[key];
    if (value === undefined) continue;
    url += `${separator}${encodeComponent(key)}=${encodeComponent(String(value))}`;
    separator = '&';
  }
  return url;
}

/** One path segment from a caller-supplied id: ids are opaque (not always UUIDs) and must not add path segments. */
export function segment(id: string): string {
  return encodeComponent(id);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * encodeURIComponent for text people typed: an unpaired surrogate (half an emoji, cut by a client or a paste) makes
 * encodeURIComponent throw URIError, so it becomes U+FFFD first, as `String.prototype.toWellFormed` would do (ES2024,
 * newer than this project's lib). The API then simply finds nothing for that number.
 */
export function encodeComponent(text: string): string {
  // String(): like encodeURIComponent itself, a value that is not a string at run time is coerced, not thrown on.
  return encodeURIComponent(String(text).replace(LONE_SURROGATE, '\uFFFD'));
}

export function pageQuery(page: { number?: number; size?: number } | undefined): {
  'page[number]': number;
  'page[size]': number | undefined;
} {
  const number = Math.max(1, Math.floor(page?.number ?? 1));
  const size = page?.size === undefined ? undefined : Math.min(100, Math.max(1, Math.floor(page.size)));
  return { 'page[number]': number, 'page[size]': size };
}

/** Passes a TrackingApiError through; anything else the executor throws (a bug, not the API) becomes one. */
function asTrackingError(method: string, path: string): (error: unknown) => never {
  return (error) => {
    if (isTrackingApiError(error)) throw error;
    throw new TrackingApiError({
      code: 'network',
      request: { method, path },
      message: `${method} ${path} failed before an answer could be read`,
      cause: sanitizeCause(error, []),
    });
  };
}

function unusable(path: string, cause: unknown): TrackingApiError {
  return new TrackingApiError({
    code: 'bad_response',
    message: `The tracking API answered ${path} with a document this client could not read`,
    cause: sanitizeCause(cause, []),
  });
}

function parseJsonBody(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return badResponse(`The tracking API answered ${path} with a body that is not JSON`);
  }
}
