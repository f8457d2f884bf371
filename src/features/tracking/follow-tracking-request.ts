/**
 * Following a tracking request started from Slack until it settles (README "Start tracking from Slack"): its card
 * says where Terminal49 is with it — pending, awaiting the manifest, failed (the reason in words and what to do) — and,
 * once Terminal49 finds the shipment, becomes the shipment's card, watched in its channel through the watch service.
 *
 * One job per request and account (`tracking.follow`, key `<account>|<request>`), so any number of cards for the
 * same request (a second `/shipwatch track` of a number still pending) are followed by one read: the cards are
 * found in the card registry by their subject. Each read spends the account's background budget, at interactive
 * priority while someone is likely looking (the first quarter hour), then as a routine poll; a `tracking_request.*`
 * webhook brings the next read forward (`hastenFollow`). Cards reach Slack only through the notifier port.
 */
import { createHash } from 'node:crypto';
import { renderShipmentCard } from '../../cards/shipment-card.js';
import { renderNowTrackedLine } from '../../cards/tracking/track-notices.js';
import { renderTrackingRequestCard } from '../../cards/tracking-request-card.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { ApiBudget } from '../../jobs/api-budget.js';
import { orderFor, type Priority } from '../../jobs/priority.js';
import type { JobHandler, JobOutcome } from '../../jobs/registry.js';
import type { Logger } from '../../logger.js';
import { isNotifyError, type Notifier, notifyFailureFields } from '../../notify/notifier.js';
import type { Card, CardStore, JobInput } from '../../store/index.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';
import type { ExtraJobDeps, WatchOutcome, WatchRequest, WebhookEvent } from '../../watch/watch-service.js';
import { cardLinkOf } from '../unfurls/shipment-links.js';

export const FOLLOW_JOB = 'tracking.follow';
/** The card registry's kind for a card that follows a tracking request (subject: `<account>:<request>`). */
export const FOLLOW_CARD_KIND = 'tracking_follow';

const MINUTE_MS = 60_000;
/** While someone is likely looking at the card, its request is read at interactive priority, often. */
const LOOKING_MS = 15 * MINUTE_MS;
const SOON_MS = 30_000;

export interface FollowPayload {
  accountId: string;
  requestId: string;
  /** Who asked last (the watch's creator when the request becomes a shipment). */
  userId: string | null;
}

export function followSubject(accountId: string, requestId: string): string {
  return `${accountId}:${requestId}`;
}

/** The follow job of a request, due at `runAt`, in its place in line (interactive unless said otherwise). */
export function followJob(
  payload: FollowPayload,
  runAt: number,
  lane: (accountId: string, priority: Priority) => string,
  priority: Priority = 'interactive',
): JobInput {
  return {
    kind: FOLLOW_JOB,
    key: `${payload.accountId}|${payload.requestId}`,
    runAt,
    payload,
    order: orderFor(priority, runAt),
    lane: lane(payload.accountId, priority),
  };
}

export function readFollowPayload(payload: unknown): FollowPayload | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  const { accountId, requestId, userId } = record;
  return typeof accountId === 'string' && typeof requestId === 'string'
    ? { accountId, requestId, userId: typeof userId === 'string' ? userId : null }
    : null;
}

export interface FollowDeps {
  cards: Pick<CardStore, 'findBySubjectEverywhere' | 'record' | 'remove' | 'setRenderedVersion'>;
  budget: ApiBudget;
  /** The account's client; null when the account is gone (its cards then stay as they are). */
  trackingFor(
    accountId: string,
  ): Promise<
    (Pick<TrackingClient, 'getShipment'> & Partial<Pick<TrackingClient, 'getTrackingRequest'>>) | null
  >;
  /** The watch service's `watch`: the shipment card watched in its channel. */
  watch(request: WatchRequest): Promise<WatchOutcome>;
  /** Where a watched card's own URL starts (features/unfurls/shipment-links.ts); null or absent: none shown. */
  cardLinkBase?: string | null;
  /** Cards' "now" (demo time in the local workspace). */
  clock: Clock;
  /** Run times and budgets. */
  wall: Clock;
  logger: Logger;
}

/** The handler of `tracking.follow`, delivering through `notifier`. */
export function createFollowHandler(deps: FollowDeps, notifier: Notifier): JobHandler {
  const { budget, logger } = deps;
  return async (job): Promise<JobOutcome> => {
    const payload = readFollowPayload(job.payload);
    if (!payload) return { done: true };
    const { accountId, requestId } = payload;
    const cards = await deps.cards.findBySubjectEverywhere(
      FOLLOW_CARD_KIND,
      followSubject(accountId, requestId),
    );
    if (cards.length === 0) return { done: true };
    const client = await deps.trackingFor(accountId);
    const getTrackingRequest = client?.getTrackingRequest?.bind(client);
    if (!client || !getTrackingRequest) {
      logger.info('a tracking request of an account no longer connected is no longer followed');
      return { done: true };
    }
    const now = deps.wall.now().getTime();
    const firstPosted = Math.min(...cards.map((card) => card.postedAt));
    const priority: Priority = now - firstPosted < LOOKING_MS ? 'interactive' : 'routine';
    const read = async <T>(load: () => Promise<T>): Promise<T | { blocked: JobOutcome }> => {
      const slot = await budget.take(accountId, priority);
      if (!slot.ok) return { blocked: { blocked: { until: slot.until, lanes: slot.lanes } } };
      try {
        return await load();
      } finally {
        slot.done();
      }
    };
    const tracking = client;
    let detail: Awaited<ReturnType<typeof getTrackingRequest>>;
    try {
      const got = await read(() => getTrackingRequest(requestId, { fresh: true }));
      if ('blocked' in got) return got.blocked;
      detail = got;
    } catch (error) {
      logger.warn('could not read a followed tracking request; trying again', { error });
      return { retryAt: now + SOON_MS, error: 'read failed' };
    }
    const request = detail.trackingRequest;

    if (request.status === 'created' && request.shipmentId !== null) {
      const shipmentId = request.shipmentId;
      let shipment: Awaited<ReturnType<typeof tracking.getShipment>>;
      try {
        const got = await read(() => tracking.getShipment(shipmentId, { fresh: true }));
        if ('blocked' in got) return got.blocked;
        shipment = got;
      } catch (error) {
        logger.warn('could not read the shipment of a tracking request; trying again', { error });
        return { retryAt: now + SOON_MS, error: 'read failed' };
      }
      for (const card of cards) {
        await becomeShipmentCard(deps, notifier, card, payload, shipment);
      }
      logger.info('a followed tracking request became a shipment', { shipmentId, cards: cards.length });
      return { done: true };
    }

    const settled = request.status !== 'pending' && request.status !== 'awaiting_manifest';
    // A settled card keeps its note: for a failure, what to do next.
    const message = renderTrackingRequestCard(detail, { now: deps.clock.now(), following: true });
    for (const card of cards) {
      const outcome = await showOnCard(deps, notifier, card, message, settled);
      if (outcome) return outcome;
    }
    if (settled) return { done: true };
    const age = now - firstPosted;
    const waitMs =
      request.status === 'awaiting_manifest'
        ? 60 * MINUTE_MS
        : age < LOOKING_MS
          ? SOON_MS
          : age < 2 * 60 * MINUTE_MS
            ? 5 * MINUTE_MS
            : 30 * MINUTE_MS;
    const nextPriority: Priority = age + waitMs < LOOKING_MS ? 'interactive' : 'routine';
    const next = followJob(payload, now + waitMs, budget.lane, nextPriority);
    return {
      done: true,
      next: { runAt: next.runAt, order: next.order ?? next.runAt, lane: next.lane ?? null },
    };
  };
}

/**
 * Brings a request's next read forward to `now` (a `tracking_request.*` webhook): only the pending job's run time and
 * place in line move. The webhook does not know who asked, so the pending job's payload (its requester, who the watch
 * is then made for) is kept; with no job pending (one is running: its next turn brings its own payload back) this
 * one stands alone.
 */
export function hastenFollow(
  accountId: string,
  requestId: string,
  now: number,
  lane: (accountId: string, priority: Priority) => string,
): JobInput {
  return { ...followJob({ accountId, requestId, userId: null }, now, lane, 'webhook'), keepPayload: true };
}

function versionOf(message: SlackMessage): string {
  return createHash('sha256').update(JSON.stringify(message)).digest('base64url').slice(0, 22);
}

/** Updates one card when what it shows changed; a failure that calls for a retry is returned as the job's outcome. */
async function showOnCard(
  deps: FollowDeps,
  notifier: Notifier,
  card: Card,
  message: SlackMessage,
  settled: boolean,
): Promise<JobOutcome | null> {
  const version = versionOf(message);
  const now = deps.wall.now().getTime();
  if (card.renderedVersion !== version) {
    const failed = await update(deps, notifier, card, message);
    if (failed) return failed;
    await deps.cards.setRenderedVersion(card.teamId, card.channelId, card.messageTs, version, now);
  }
  // A settled request is no longer followed: the card stays, as a plain tracking-request card.
  if (settled)
    await deps.cards.record({ ...card, kind: 'tracking_request', renderedVersion: version, updatedAt: now });
  return null;
}

async function becomeShipmentCard(
  deps: FollowDeps,
  notifier: Notifier,
  card: Card,
  payload: FollowPayload,
  shipment: Parameters<typeof renderShipmentCard>[0],
): Promise<void> {
  const now = deps.wall.now().getTime();
  const threadTs = card.threadTs ?? card.messageTs;
  // The card knows who asked for it in its channel; the job's payload knows the last asker anywhere, or nobody when a
  // webhook queued it.
  const requester = card.requestedBy ?? payload.userId;
  // The card is the shipment's from now on (watch deliveries find it as such); recorded before the watch so the
  // watch records the version it shows.
  await deps.cards.record({
    ...card,
    kind: 'shipment',
    subjectId: shipment.shipment.id,
    renderedVersion: null,
    updatedAt: now,
  });
  let watched = false;
  try {
    const outcome = await deps.watch({
      accountId: payload.accountId,
      teamId: card.teamId,
      channelId: card.channelId,
      userId: requester ?? 'Shipwatch',
      detail: shipment,
      cardTs: card.messageTs,
      threadTs,
    });
    watched = outcome.outcome !== 'exists';
  } catch (error) {
    deps.logger.warn('the tracked shipment could not be watched; its card is shown unwatched', { error });
  }
  const cardNow = deps.clock.now();
  const message = renderShipmentCard(
    shipment,
    watched
      ? {
          now: cardNow,
          watch: {
            updatedAtMs: cardNow.getTime(),
            link: cardLinkOf(deps.cardLinkBase, shipment.shipment.id, card.channelId),
          },
        }
      : { now: cardNow },
  );
  // A card Slack would not update now still becomes current with the watch's next delivery.
  await update(deps, notifier, card, message);
  try {
    await notifier.postInThread(
      { teamId: card.teamId, channelId: card.channelId, threadTs },
      renderNowTrackedLine({ number: shipment.shipment.billOfLadingNumber, watched, userId: requester }),
    );
  } catch (error) {
    deps.logger.info(
      'could not say in the thread that the request became a shipment',
      notifyFailureFields(error),
    );
  }
}

/** chat.update through the port: a card that is gone is forgotten; Slack's pace or a hiccup retries the job. */
async function update(
  deps: FollowDeps,
  notifier: Notifier,
  card: Card,
  message: SlackMessage,
): Promise<JobOutcome | null> {
  try {
    await notifier.updateCard(
      { teamId: card.teamId, channelId: card.channelId, ts: card.messageTs },
      message,
    );
    return null;
  } catch (error) {
    const now = deps.wall.now().getTime();
    if (isNotifyError(error) && error.code === 'gone') {
      deps.logger.info('a followed card is gone; forgetting it', notifyFailureFields(error));
      await deps.cards.remove(card.teamId, card.channelId, card.messageTs);
      return null;
    }
    deps.logger.warn('could not update a followed card; trying again', notifyFailureFields(error));
    const wait = isNotifyError(error) && error.retryAfterMs !== null ? error.retryAfterMs : 10_000;
    return { retryAt: now + wait, error: isNotifyError(error) ? error.code : 'update failed' };
  }
}

/** The job kinds of following tracking requests, for watching's worker (wired in main.ts and oauth-mode.ts). */
export function trackingFollowJobs(deps: ExtraJobDeps): Record<string, JobHandler> {
  return {
    [FOLLOW_JOB]: createFollowHandler(
      {
        cards: deps.store.cards,
        budget: deps.budget,
        trackingFor: deps.trackingFor,
        watch: deps.watch,
        cardLinkBase: deps.cardLinkBase,
        clock: deps.clock,
        wall: deps.wall,
        logger: deps.logger,
      },
      deps.notifier,
    ),
  };
}

/** On a `tracking_request.*` webhook: the request's follow job, due now (nothing is read when no card follows it). */
export function trackingFollowWebhookJobs(
  event: WebhookEvent,
  lane: ApiBudget['lane'],
  now: number,
): JobInput[] {
  if (!event.event.startsWith('tracking_request.') || event.trackingRequestId === null) return [];
  return [hastenFollow(event.accountId, event.trackingRequestId, now, lane)];
}
