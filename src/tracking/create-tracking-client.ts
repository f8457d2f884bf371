/**
 * `createTrackingClient`: the TrackingClient over HTTP. Composition only — the behaviour lives in http/ (transport,
 * retries, quota guard, cache, coalescing) and endpoints/ (request shapes and parsing).
 */
import { type Clock, systemClock } from '../clock.js';
import { type Logger, silentLogger } from '../logger.js';
import * as containers from './endpoints/containers.js';
import type { ApiContext } from './endpoints/context.js';
import * as custom from './endpoints/custom-fields.js';
import * as documents from './endpoints/documents.js';
import * as emailSubmissions from './endpoints/email-submissions.js';
import * as search from './endpoints/search.js';
import * as shipments from './endpoints/shipments.js';
import * as trackingRequests from './endpoints/tracking-requests.js';
import * as vessels from './endpoints/vessels.js';
import * as notifications from './endpoints/webhook-notifications.js';
import { createRateLimiter, type RateLimiter } from './http/rate-limiter.js';
import { createReadThrough } from './http/read-through.js';
import { createRequestExecutor } from './http/request-executor.js';
import { createSharedRateLimiter, type SharedQuota } from './http/shared-rate-limiter.js';
import { createSharedReads, type SharedReadLedger } from './http/shared-reads.js';
import { realSleep, type Sleep } from './http/timers.js';
import { createUndiciTransport, type HttpTransport } from './http/transport.js';
import { createTtlCache } from './http/ttl-cache.js';
import type { ContainerMatch } from './models.js';
import type { ReadOptions, TrackingClient } from './tracking-client.js';

export interface TrackingClientOptions {
  /** e.g. `https://api.terminal49.com/v2` or the simulator's `http://127.0.0.1:PORT/v2`. */
  baseUrl: string;
  apiKey: string;
  /** The process's other secrets (Slack token, signing secret, …), never echoed from the API into a message. */
  secrets?: readonly string[];
  clock?: Clock;
  /**
   * The clock a reading is stamped with ("updated 3 minutes ago" on a card): the cards' clock. Default `clock`; demo
   * time in the local workspace, while timeouts, the cache and the quota keep the real clock.
   */
  readingClock?: Clock;
  logger?: Logger;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Default 30_000; 0 disables the cache. */
  cacheTtlMs?: number;
  /** Default 4_000. */
  attemptTimeoutMs?: number;
  /** Default 10_000: a read, retries included, ends by then. */
  totalTimeoutMs?: number;
  /** Default 2 (3 attempts). */
  maxRetries?: number;
  /** Default 5_000: a longer Retry-After fails fast as `rate_limited`. */
  maxRetryAfterMs?: number;
  /**
   * The account's slots in a ledger shared by every process using the account (the store), so replicas together stay
   * under `rateLimitPerMinute`. Without it the guard counts in this process only.
   */
  sharedQuota?: SharedQuota;
  /**
   * Answers shared with the other replicas using the account (the store's `reads`, tenancy/reads-in-store.ts): a GET
   * this process has not cached is fetched by one replica for all (docs/store.md, "Shared reads").
   */
  sharedReads?: SharedReadLedger;
  /** Client-side quota guard, default 100 (the API's per-account limit); 0 disables it. */
  rateLimitPerMinute?: number;
  /**
   * The account's slots for creating tracking requests (100/min) and inferring numbers (200/min), which the API counts
   * apart from everything else (docs/tracking-api.md, rate limits). Without them each counts in this process only.
   */
  sharedBucketQuota?: (bucket: 'create' | 'infer', limitPerMinute: number) => SharedQuota;
  /** Default: undici keep-alive agent. Tests pass `fromFetchHandler(sim.handle)`. */
  transport?: HttpTransport;
  /** Told of every attempt sent (its HTTP status, or null when none came): `/metrics` counts requests and 429s. */
  observe?: (attempt: { method: string; status: number | null }) => void;
}

/** The HTTP client: every TrackingClient method, `getContainer`, and `close()` for the default transport's sockets. */
export interface HttpTrackingClient extends TrackingClient {
  /** `GET /containers/{id}?include=shipment,pod_terminal`. */
  getContainer(id: string, options?: ReadOptions): Promise<ContainerMatch>;
  close(): Promise<void>;
}

export function createTrackingClient(options: TrackingClientOptions): HttpTrackingClient {
  const clock = options.clock ?? systemClock;
  // An injected `(ms) => Promise<void>` is a valid Sleep: it simply cannot be released early.
  const sleep: Sleep = options.sleep ?? realSleep;
  let transport = options.transport;
  let closeTransport = async () => {};
  if (transport === undefined) {
    const undici = createUndiciTransport();
    transport = undici.transport;
    closeTransport = undici.close;
  }

  const logger = options.logger ?? silentLogger;
  const execute = createRequestExecutor({
    transport,
    apiKey: options.apiKey,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    clock,
    ...(options.readingClock ? { readingClock: options.readingClock } : {}),
    sleep,
    random: options.random ?? Math.random,
    logger,
    limiter: quotaGuard(options, clock, sleep, logger),
    bucketLimiters: {
      create: bucketGuard(options, 'create', clock, sleep, logger),
      infer: bucketGuard(options, 'infer', clock, sleep, logger),
    },
    attemptTimeoutMs: options.attemptTimeoutMs ?? 4_000,
    totalTimeoutMs: options.totalTimeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 2,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 5_000,
    ...(options.observe ? { observe: options.observe } : {}),
  });
  const cacheTtlMs = options.cacheTtlMs ?? 30_000;
  const ctx: ApiContext = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    execute,
    reads: createReadThrough(createTtlCache({ ttlMs: cacheTtlMs, clock })),
    ...(options.sharedReads
      ? {
          shared: {
            reads: createSharedReads({
              ledger: options.sharedReads,
              clock,
              sleep,
              logger,
              leaseMs: options.totalTimeoutMs ?? 10_000,
            }),
            ttlMs: cacheTtlMs,
          },
        }
      : {}),
    clock,
    logger,
  };

  return {
    getShipment: (id, o) => shipments.getShipment(ctx, id, o),
    resumeTracking: (id) => shipments.resumeTracking(ctx, id),
    findShipmentsByNumber: (number, o) => shipments.findShipmentsByNumber(ctx, number, o),
    findContainersByNumber: (number, o) => containers.findContainersByNumber(ctx, number, o),
    getContainer: (id, o) => containers.getContainer(ctx, id, o),
    search: (query, o) => search.search(ctx, query, o),
    getVessel: (id, window, o) => vessels.getVessel(ctx, id, window, o),
    getTrackingRequest: (id, o) => trackingRequests.getTrackingRequest(ctx, id, o),
    updateTrackingRequest: (id, update) => trackingRequests.updateTrackingRequest(ctx, id, update),
    createTrackingRequest: (request) => trackingRequests.createTrackingRequest(ctx, request),
    inferNumber: (number) => trackingRequests.inferNumber(ctx, number),
    getEmailSubmission: (id, o) => emailSubmissions.getEmailSubmission(ctx, id, o),
    rotateDocument: (id, degrees) => documents.rotateDocument(ctx, id, degrees),
    getDocumentDownloadUrl: (id, o) => documents.getDocumentDownloadUrl(ctx, id, o),
    setContainerCustomField: (id, slug, value) => custom.setContainerCustomField(ctx, id, slug, value),
    listContainerCustomFields: (id, o) => custom.listContainerCustomFields(ctx, id, o),
    listCustomFieldDefinitions: (filter, o) => custom.listCustomFieldDefinitions(ctx, filter, o),
    listShipments: (page, o) => shipments.listShipments(ctx, page, o),
    listContainers: (page, o) => containers.listContainers(ctx, page, o),
    listTrackingRequests: (page, o) => trackingRequests.listTrackingRequests(ctx, page, o),
    listEmailSubmissions: (page, o) => emailSubmissions.listEmailSubmissions(ctx, page, o),
    getWebhookNotification: (id, o) => notifications.getWebhookNotification(ctx, id, o),
    listWebhookNotifications: (page, o) => notifications.listWebhookNotifications(ctx, page, o),
    close: () => closeTransport(),
  };
}

function quotaGuard(options: TrackingClientOptions, clock: Clock, sleep: Sleep, logger: Logger): RateLimiter {
  const limitPerMinute = options.rateLimitPerMinute ?? 100;
  const local = createRateLimiter({ limitPerMinute, clock, sleep });
  if (!options.sharedQuota || limitPerMinute <= 0) return local;
  return createSharedRateLimiter({
    quota: options.sharedQuota,
    limitPerMinute,
    clock,
    sleep,
    logger,
    fallback: local,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 4_000,
  });
}

/** The API's own limits of its separate buckets (docs/tracking-api.md, rate limits). */
export const BUCKET_LIMITS = { create: 100, infer: 200 } as const;

function bucketGuard(
  options: TrackingClientOptions,
  bucket: 'create' | 'infer',
  clock: Clock,
  sleep: Sleep,
  logger: Logger,
): RateLimiter {
  // A disabled guard (tests, a proxy that counts) disables every bucket's.
  const limitPerMinute = (options.rateLimitPerMinute ?? 100) <= 0 ? 0 : BUCKET_LIMITS[bucket];
  const local = createRateLimiter({ limitPerMinute, clock, sleep });
  if (!options.sharedBucketQuota || limitPerMinute <= 0) return local;
  return createSharedRateLimiter({
    quota: options.sharedBucketQuota(bucket, limitPerMinute),
    limitPerMinute,
    clock,
    sleep,
    logger,
    fallback: local,
    attemptTimeoutMs: options.attemptTimeoutMs ?? 4_000,
  });
}
