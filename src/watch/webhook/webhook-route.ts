/**
 * `POST /webhooks/terminal49` (README "Watching shipments", docs/terminal49-webhooks.md). In order: a declared body
 * larger than any notification → 413 unread; no signature of the right shape → 401 unread; more unverified bodies
 * in flight than the budget allows → 503 unread (unverified-budget.ts); the raw body read up to the cap; the signature checked on those bytes
 * (missing or wrong → 401, nothing parsed, nothing stored); the JSON read (not a notification → 400); then the
 * notification stored durably, deduplicated on `data.id`, and — when its shipment is watched — a re-fetch queued in
 * the same transaction, and only then 200. A minimal notification, which names no shipment, is stored with the job
 * that completes it (`GET /webhook_notifications/{id}`, at webhook priority). A shipment nobody watches still gets 200 (Terminal49 would retry
 * anything else) and a debug line: an account sends notifications for every shipment it tracks, most of them
 * watched nowhere, so an info line each would bury the log. A container or shipment notification that names no
 * shipment is completed first; one still naming none once read back gets a warning an operator sees, with its id
 * (completer.ts). The store being down answers 503, so Terminal49 retries later.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../../clock.js';
import type { HttpRoute } from '../../http/route.js';
import type { Logger } from '../../logger.js';
import type { JobInput, WatchingStore } from '../../store/index.js';
import type { WatchJobs } from '../job-factory.js';
import type { WatchMetrics } from '../metrics.js';
import { type Accepted, acceptNotification } from './accept.js';
import { parseNotification, type WebhookNotification } from './notification.js';
import { readSigned, type SignedRead } from './read-signed.js';
import { looksSigned, SIGNATURE_HEADER } from './signature.js';
import { createUnverifiedBudget, UNVERIFIED_DEFAULTS, type UnverifiedBudget } from './unverified-budget.js';

export const WEBHOOK_PATH = '/webhooks/terminal49';

/** OAuth mode: each connected account's own route, `/webhooks/terminal49/<account id>` (docs/oauth.md). */
export const ACCOUNT_WEBHOOK_PREFIX = `${WEBHOOK_PATH}/`;

const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Real notifications are a few kilobytes; a shipment with many containers in `included` stays well under this. */
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

export interface WebhookRouteOptions {
  /** The one account's secret (TRACKING_WEBHOOK_SECRET): the route is `POST /webhooks/terminal49`. */
  secret?: string;
  /**
   * OAuth mode instead: one route for every connected account, `POST /webhooks/terminal49/<account id>`, each body
   * checked with its own account's secret (null: no such account, or none with a webhook → 404, body unread). The
   * re-fetch job names the account.
   */
  accountSecret?: (accountId: string) => Promise<string | null>;
  inbox: WatchingStore['inbox'];
  /** Queues work beside the inbox (a subscription join for a shipment new to the account). */
  enqueue?: (job: JobInput) => Promise<unknown>;
  wall: Clock;
  logger: Logger;
  /** Notifications for one shipment within this window share one re-fetch. */
  coalesceMs: number;
  /** A shipment is re-fetched for webhooks at most this often. */
  minRefetchMs: number;
  /** The re-fetch and completion jobs of an account, in the webhook class of its budget. */
  jobsFor(accountId: string | null): Pick<WatchJobs, 'refresh' | 'complete'>;
  /** The account the single route (`secret`) serves; per-account routes read theirs from the path. */
  accountId: string | null;
  metrics: WatchMetrics;
  maxBodyBytes?: number;
  /** How many unverified bodies, and how many bytes of them, are read at once (unverified-budget.ts). */
  unverified?: { maxRequests: number; maxBytes: number };
  /** Told when a re-fetch was queued (the worker plans to run it at `runAt`). */
  onQueued?: (runAt: number) => void;
  /**
   * Told of every new notification once stored, with the account it came for (a followed tracking request is read
   * again at once on `tracking_request.*`). Its failure is logged; the notification stands.
   */
  onNotification?: (notification: WebhookNotification, accountId: string | null) => Promise<void>;
}

export interface WebhookStats {
  accepted: number;
  duplicates: number;
  unwatched: number;
  /** Notifications that name no shipment Shipwatch can identify (a minimal payload without one). */
  unknown: number;
  refused: number;
  /** Answered 503 unread: more unverified bodies were being read than the budget allows. */
  busy: number;
}

export function createWebhookRoute(
  options: WebhookRouteOptions,
): HttpRoute & { stats: WebhookStats; unverified: UnverifiedBudget } {
  const { inbox, wall, logger, accountSecret, metrics } = options;
  if (!accountSecret && !options.secret) throw new Error('a webhook route needs a secret or accountSecret');
  const maxBytes = options.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES;
  const stats: WebhookStats = { accepted: 0, duplicates: 0, unwatched: 0, unknown: 0, refused: 0, busy: 0 };
  const budget = createUnverifiedBudget(options.unverified ?? UNVERIFIED_DEFAULTS);
  const refused = (accountId: string | null = options.accountId) => {
    stats.refused += 1;
    if (accountId !== null) metrics.notificationReceived(accountId, 'refused');
  };
  const answer = (res: ServerResponse, status: number, body?: unknown) => {
    if (res.headersSent) return;
    if (body === undefined) res.writeHead(status).end();
    else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  return {
    method: 'POST',
    path: accountSecret ? ACCOUNT_WEBHOOK_PREFIX : WEBHOOK_PATH,
    ...(accountSecret ? { prefix: true } : {}),
    stats,
    unverified: budget,
    async handle(req, res) {
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        refused();
        refuseUnread(req, res, 413);
        return;
      }
      const signature = header(req, SIGNATURE_HEADER);
      if (signature === undefined || !looksSigned(signature)) {
        // Nothing to check the body against: refused before a byte of it is read.
        refused();
        logger.warn('webhook refused: no signature');
        refuseUnread(req, res, 401);
        return;
      }
      let secret = options.secret ?? '';
      let accountId: string | null = options.accountId;
      if (accountSecret) {
        const rest = pathOf(req.url).slice(ACCOUNT_WEBHOOK_PREFIX.length);
        let found: string | null = null;
        try {
          found = ACCOUNT_ID.test(rest) ? await accountSecret(rest) : null;
        } catch (error) {
          logger.error('webhook not read: the account could not be looked up; Terminal49 will retry', {
            error,
          });
          refuseUnread(req, res, 503, { 'retry-after': '5' });
          return;
        }
        if (found === null) {
          refused(null);
          logger.warn('webhook refused: no such account');
          refuseUnread(req, res, 404);
          return;
        }
        secret = found;
        accountId = rest;
      }
      const reserved = Number.isFinite(declared) && declared >= 0 ? declared : maxBytes;
      if (!budget.take(reserved)) {
        stats.busy += 1;
        refuseUnread(req, res, 503, { 'retry-after': '1' });
        return;
      }
      let read: SignedRead;
      try {
        read = await readSigned(req, { maxBytes, secret, signature });
      } catch {
        refuseUnread(req, res, 400);
        return;
      } finally {
        budget.release(reserved);
      }
      if (read.kind === 'too_large') {
        refused();
        refuseUnread(req, res, 413);
        return;
      }
      if (read.kind === 'forged') {
        refused();
        logger.warn('webhook refused: bad signature');
        answer(res, 401);
        return;
      }
      const { body } = read;
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        answer(res, 400, { error: 'not JSON' });
        return;
      }
      const parsed = parseNotification(json);
      if (!parsed.ok) {
        logger.warn('webhook refused: not a notification', { reason: parsed.reason });
        answer(res, 400, { error: parsed.reason });
        return;
      }
      const { notification } = parsed;
      const now = wall.now().getTime();
      let outcome: Accepted;
      try {
        outcome = await acceptNotification(notification, body.toString('utf8'), now, {
          inbox,
          jobs: options.jobsFor(accountId),
          ...(options.enqueue ? { enqueue: options.enqueue } : {}),
          coalesceMs: options.coalesceMs,
          minRefetchMs: options.minRefetchMs,
        });
      } catch (error) {
        logger.error('webhook not stored: the store failed; Terminal49 will retry', { error });
        answer(res, 503);
        return;
      }
      metrics.notificationReceived(
        accountId ?? 'unknown',
        outcome.duplicate ? 'duplicate' : outcome.watched || outcome.completing ? 'accepted' : 'unwatched',
      );
      if (outcome.duplicate) stats.duplicates += 1;
      else if (outcome.completing) {
        // A minimal notification: it names no shipment until completed with one read (at webhook priority).
        stats.accepted += 1;
        logger.debug('webhook names no shipment; completing it', { event: notification.event });
      } else if (notification.shipmentId === null) {
        // About something other than a shipment (a tracking request still pending has none yet): nothing to re-fetch.
        stats.unknown += 1;
        logger.debug('webhook names no shipment: stored, nothing re-fetched', {
          event: notification.event,
          notificationId: notification.id,
        });
      } else if (!outcome.watched) {
        stats.unwatched += 1;
        logger.debug('webhook for a shipment nobody watches', {
          event: notification.event,
          shipmentId: notification.shipmentId,
        });
      } else stats.accepted += 1;
      answer(res, 200, { ok: true });
      if (outcome.plannedAt !== null) options.onQueued?.(outcome.plannedAt);
      if (!outcome.duplicate && options.onNotification) {
        await options.onNotification(notification, accountId).catch((error: unknown) => {
          logger.warn('a webhook hook failed; the notification stands', { event: notification.event, error });
        });
      }
    },
  };
}

function pathOf(url: string | undefined): string {
  return URL.canParse(url ?? '', 'http://localhost') ? new URL(url ?? '', 'http://localhost').pathname : '';
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Answers without reading the body, then closes the connection once the answer is out: left open, Node would read
 * and discard whatever the sender keeps sending, which under a flood is hundreds of megabytes of garbage.
 */
function refuseUnread(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { connection: 'close', ...headers }).end(() => req.socket.destroy());
}
