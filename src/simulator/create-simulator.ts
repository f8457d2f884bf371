/**
 * The embedded Terminal49 v2 simulator. One request pipeline serves both the in-process fetch handler and the HTTP
 * server: voyage steps due → latency → scripted fault → route (unknown → Rails HTML 404) → API key (401) → rate
 * limit, or the route's own quota (429) → random 5xx → read-only key on a write (403) → handler, which reads and
 * changes the key's own account (accounts/). Demo data is built once, relative to the clock at creation (the
 * anchor); from then on the demo voyages play forward with the clock (timeline/timeline.ts), each change going out
 * as signed webhook notifications to the account's webhooks, in the background.
 */
import { type AdjustableClock, createAdjustableClock, isAdjustableClock, systemClock } from '../clock.js';
import { createAccounts } from './accounts/accounts.js';
import { authenticate } from './auth.js';
import type { RouteContext } from './context.js';
import { isoSeconds } from './demo/demo-time.js';
import { DEMO_TIME_PATH, type DemoTimeHost, serveDemoTime } from './demo-time-route.js';
import {
  type ApiError,
  CREATE_LIMIT_REACHED,
  errorResponse,
  INFER_LIMIT_REACHED,
  INTERNAL_ERROR,
  RATE_LIMITED,
  READ_ONLY_KEY,
  REFRESH_LIMIT_REACHED,
  routeNotFound,
  SERVICE_UNAVAILABLE,
  UNAUTHORIZED,
} from './errors.js';
import { applyFault, type Outcome } from './fault-outcomes.js';
import { FaultQueue } from './faults.js';
import { startHttpServer } from './http-server.js';
import { readDataDir } from './load-data-dir.js';
import { createRateLimiter, type RateLimiter } from './rate-limit.js';
import { createRouter, type RouteQuota } from './router.js';
import { ROUTES } from './routes/index.js';
import { sleep, untilAborted } from './sleep.js';
import type { ChangeEvent } from './timeline/change-events.js';
import type { RecordedRequest, Simulator, SimulatorOptions } from './types.js';
import { createWebhookDeliveries } from './webhooks/deliveries.js';
import { startupWebhookId, type WebhookTarget } from './webhooks/webhook-registry.js';

/** A long-running simulator under a benchmark must not grow without bound; tests never come close. */
const MAX_RECORDED_REQUESTS = 100_000;
export const MAX_BOOK = 50_000;
/** How often real time's passage is checked for due steps when no request comes (the timer is unref'd). */
const TICK_INTERVAL_MS = 1_000;

function checkOptions(options: SimulatorOptions): void {
  const { latencyMs = 0, faultRate = 0, rateLimitPerMinute, book } = options;
  if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new RangeError('latencyMs must be a number ≥ 0');
  if (!Number.isFinite(faultRate) || faultRate < 0 || faultRate > 1)
    throw new RangeError('faultRate must be between 0 and 1');
  if (rateLimitPerMinute !== undefined && (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1)) {
    throw new RangeError('rateLimitPerMinute must be a positive integer');
  }
  if (book !== undefined && (!Number.isInteger(book) || book < 0 || book > MAX_BOOK)) {
    throw new RangeError(`book must be a whole number from 0 to ${MAX_BOOK}`);
  }
}

/** `/v2/shipments/` → `/shipments`; the API also answers without the prefix. */
function apiPath(pathname: string): string {
  const path = pathname.replace(/^\/v2(?=\/|$)/, '').replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/** What undici's fetch rejects with when the peer resets the connection. */
function connectionReset(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), {
    code: 'ECONNRESET',
    errno: -104,
    syscall: 'read',
  });
  return new TypeError('fetch failed', { cause });
}

function adjustable(clock: SimulatorOptions['clock']): AdjustableClock {
  const given = clock ?? systemClock;
  return isAdjustableClock(given) ? given : createAdjustableClock(given);
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  checkOptions(options);
  const clock = adjustable(options.clock);
  const random = options.random ?? Math.random;
  const latencyMs = options.latencyMs ?? 0;
  const faultRate = options.faultRate ?? 0;
  const anchor = clock.now();
  const data = options.data ?? (options.dataDir ? readDataDir(options.dataDir) : null);
  const deliveries = createWebhookDeliveries(options.webhookDelivery);
  const accounts = createAccounts({ clock, anchor, deliveries, demo: { book: options.book ?? 0, data } });
  const addWebhook = (target: WebhookTarget, id?: string): string =>
    accounts
      .world(target.account ?? 'demo')
      .state.webhooks.add(
        { url: target.url, secret: target.secret, ...(target.events ? { events: target.events } : {}) },
        isoSeconds(clock.now()),
        id,
      ).id;
  for (const [index, target] of (options.webhooks ?? []).entries()) {
    addWebhook(target, startupWebhookId(index, target.url));
  }

  function tick(): ChangeEvent[] {
    return accounts.tick(clock.now());
  }

  /** Ticks for the request path and the timer, where a failing step must not fail a request or crash the process. */
  function tickQuietly(): void {
    try {
      tick();
    } catch {
      // Nothing to tell the caller: the timeline already skips a failing step, and deliveries never throw here.
    }
  }

  const timer = setInterval(tickQuietly, TICK_INTERVAL_MS);
  timer.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    deliveries.close();
  };

  const demoTime: DemoTimeHost | null = options.demoTimeControl
    ? {
        clock,
        anchor,
        tick: () => tick().length,
        nextStepAt: () => accounts.nextChangeAt(),
      }
    : null;
  const router = createRouter(ROUTES);
  const faults = new FaultQueue();
  // The window follows the injected clock, so a test can step time instead of sleeping.
  const limiter = options.rateLimitPerMinute ? createRateLimiter(options.rateLimitPerMinute) : null;
  // Buckets of their own, per account, always on: the real API's creation and inference quotas.
  const quotas: Record<RouteQuota, { limiter: RateLimiter; refusal: ApiError }> = {
    create_tracking_request: { limiter: createRateLimiter(100), refusal: CREATE_LIMIT_REACHED },
    infer_number: { limiter: createRateLimiter(200), refusal: INFER_LIMIT_REACHED },
    refresh: { limiter: createRateLimiter(10), refusal: REFRESH_LIMIT_REACHED },
  };
  const requests: RecordedRequest[] = [];

  async function serve(request: Request, url: URL, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const match = router.match(method, path);
    if (!match) return routeNotFound();
    const context: RouteContext = {
      request,
      url,
      path,
      params: match.params,
      query: url.searchParams,
      origin: url.origin,
      key: null,
      // Presigned file URLs carry no key; only the demo account has documents with files.
      state: accounts.world('demo').state,
    };
    if (!match.route.public) {
      context.key = authenticate(request.headers.get('authorization'));
      if (!context.key) return errorResponse(401, [UNAUTHORIZED]);
      context.state = accounts.world(context.key.account).state;
      const quota = match.route.quota ? quotas[match.route.quota] : null;
      if (quota) {
        const decision = quota.limiter.take(context.key.account, clock.now().getTime());
        if (!decision.allowed) return errorResponse(429, [quota.refusal], { 'retry-after': '60' });
      } else {
        const decision = limiter?.take(context.key.key, clock.now().getTime());
        if (decision && !decision.allowed) {
          return errorResponse(429, [RATE_LIMITED], { 'retry-after': String(decision.retryAfterSeconds) });
        }
      }
      if (faultRate > 0 && random() < faultRate) return errorResponse(503, [SERVICE_UNAVAILABLE]);
      const writes = match.route.write ?? method !== 'GET';
      if (writes && !context.key.canWrite) return errorResponse(403, [READ_ONLY_KEY]);
    }
    try {
      return await match.route.handler(context);
    } catch {
      return errorResponse(500, [INTERNAL_ERROR]);
    }
  }

  async function dispatch(request: Request): Promise<Outcome> {
    const url = new URL(request.url);
    if (url.pathname === DEMO_TIME_PATH && (request.method === 'GET' || request.method === 'POST')) {
      return {
        kind: 'response',
        response: demoTime ? await serveDemoTime(request, demoTime) : routeNotFound(),
      };
    }
    tickQuietly();
    const path = apiPath(url.pathname);
    const method = request.method.toUpperCase();
    if (latencyMs > 0) await sleep(latencyMs, request.signal);
    const fault = faults.take(method, path);
    const outcome: Outcome = fault
      ? await applyFault(fault, () => serve(request, url, path), request.signal)
      : { kind: 'response', response: await serve(request, url, path) };
    if (requests.length >= MAX_RECORDED_REQUESTS) requests.splice(0, MAX_RECORDED_REQUESTS / 2);
    requests.push({
      method,
      path,
      query: url.search.slice(1),
      status: outcome.kind === 'response' ? outcome.response.status : 0,
    });
    return outcome;
  }

  return {
    async handle(request) {
      const outcome = await dispatch(request);
      if (outcome.kind === 'response') return outcome.response;
      if (outcome.kind === 'reset') throw connectionReset();
      return untilAborted(request.signal);
    },
    async listen(listenOptions) {
      const running = await startHttpServer(dispatch, listenOptions);
      return {
        ...running,
        close: async () => {
          close();
          await running.close();
        },
      };
    },
    faults: { add: (fault) => faults.add(fault), clear: () => faults.clear() },
    get requests() {
      return requests;
    },
    resetRequests() {
      requests.length = 0;
    },
    clock,
    tick,
    advance(ms) {
      clock.advance(ms);
      return tick();
    },
    webhooks: {
      add: (target) => addWebhook(target),
      get deliveries() {
        return deliveries.log;
      },
      idle: () => deliveries.idle(),
    },
    close,
  };
}
