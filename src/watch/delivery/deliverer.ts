/**
 * Bringing one watched card up to date (`watch.deliver`, one job per workspace, channel and shipment, so a
 * burst of changes becomes one update): re-render the card and `chat.update` it only when its rendered version
 * changed — within the workspace's shared chat.update pace (card-update-pace.ts; a card waiting for it keeps its
 * place in line, and is rendered in its latest state when its turn comes) — then post the watch's new changes as ONE grouped message in the card's thread — filtered by the
 * channel's settings, paced to about one message per second per channel across replicas, and with important ones
 * also sent to the channel when the channel asked for it. A 429 puts the job back at `Retry-After` with its changes
 * still pending (coalesced, never dropped). When Slack says the bot can no longer post there (removed, channel
 * archived, card deleted), the watch pauses and its creator is told privately how to resume.
 *
 * Everything goes through the notifier port (src/notify/), whose failures say what to do: `gone` pauses the watch,
 * `rate_limited` holds the channel, `retry` fails the job. Changes are marked posted right after the notifier
 * answers: a replica killed between the two posts that batch again (at least once). docs/slack-platform.md has the
 * limits relied on here.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import { renderUpdateMessage } from '../../cards/watch/update-message.js';
import { renderPausedNotice } from '../../cards/watch/watch-notices.js';
import { categoryOf, isImportant, type WatchChange, watchPhase } from '../../domain/changes/index.js';
import { parseInstant } from '../../domain/time/calendar.js';
import { cardLinkOf } from '../../features/unfurls/shipment-links.js';
import type { JobOutcome } from '../../jobs/index.js';
import type { Logger } from '../../logger.js';
import { isNotifyError, type Notifier, notifyFailureFields } from '../../notify/index.js';
import type { Store, Watch } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { alertCardState } from '../alerts.js';
import { readSnapshot } from '../engine.js';
import { cardUpdateLane, isNewsLane } from '../job-factory.js';
import { readChannelSettings } from '../settings.js';
import type { WatchClocks } from '../watch-clocks.js';
import { behindAfterMs, type WatchConfig } from '../watch-config.js';
import type { CardUpdatePace } from './card-update-pace.js';
import { renderedVersion } from './rendered-version.js';

export interface DelivererOptions {
  store: Pick<Store, 'watching' | 'cards' | 'claims'>;
  notifier: Notifier;
  clocks: WatchClocks;
  logger: Logger;
  /** At most one thread message per channel per this long. */
  channelPaceMs: number;
  /** The workspace's shared chat.update pace. */
  cardUpdates: CardUpdatePace;
  config: Pick<WatchConfig, 'cadenceMs' | 'cardLinkBase'>;
}

export interface DeliveryStats {
  /** Cards posted by a delivery (a card-less watch's first news). */
  cardsPosted: number;
  cardUpdates: number;
  cardsUnchanged: number;
  threadMessages: number;
  changesPosted: number;
  rateLimited: number;
  paused: number;
}

/**
 * How long a person's card-less watch is left to the request that is posting its card (a post takes well under a
 * second; Slack's own timeout is 10 s), and how soon a delivery that found it still card-less looks again.
 */
const RESERVATION_GRACE_MS = 60_000;
const CARD_PENDING_RETRY_MS = 2_000;

/** A watch whose card is posted. */
type PostedWatch = Watch & { cardTs: string };

/** A fixed fetch time for the version: a re-read that changed nothing on the card must not count as a change. */
const STABLE_FETCHED_AT = '1970-01-01T00:00:00Z';

export function createDeliverer(options: DelivererOptions) {
  const { store, notifier, clocks, logger } = options;
  const stats: DeliveryStats = {
    cardsPosted: 0,
    cardUpdates: 0,
    cardsUnchanged: 0,
    threadMessages: 0,
    changesPosted: 0,
    rateLimited: 0,
    paused: 0,
  };

  /** Renders the watched card; null when there is no stored reading yet. */
  const renderFor = async (watch: Watch) => {
    const stored = await store.watching.snapshots.get(watch.shipmentId);
    if (stored === null) return null;
    // SAFETY: the engine stores the ShipmentDetail it was given, as JSON; nothing else writes the column.
    const detail = stored.detail as ShipmentDetail;
    const now = clocks.clock.now();
    const snapshot = readSnapshot(stored.snapshot);
    const threshold = snapshot ? behindAfterMs(options.config, watchPhase(snapshot, now.getTime())) : null;
    // Behind schedule: the data is older than its cadence allows (wall time: when it was really read).
    const behind =
      threshold !== null && clocks.wall.now().getTime() - stored.fetchedAt > threshold
        ? stored.fetchedAt
        : null;
    return { detail, now, behind, version: watchedCardVersion(detail, now, behind) };
  };

  const pause = async (watch: Watch, reason: string) => {
    stats.paused += 1;
    await store.watching.watches.setState(watch, 'paused', reason, clocks.wall.now().getTime());
    logger.warn('watch paused: Slack refused', {
      channel: watch.channelId,
      shipmentId: watch.shipmentId,
      reason,
    });
    try {
      const notice = renderPausedNotice(watch, reason);
      await notifier.tellPerson({ teamId: watch.teamId, userId: watch.createdBy }, notice);
    } catch (error) {
      logger.warn('could not tell the watch creator it paused', notifyFailureFields(error));
    }
  };

  /** What to do with a failure to notify: pause, wait for Retry-After, or fail the job (retried with backoff). */
  const onNotifyError = async (watch: Watch, error: unknown): Promise<JobOutcome> => {
    if (!isNotifyError(error)) throw error;
    if (error.code === 'rate_limited') {
      stats.rateLimited += 1;
      const waitMs = error.retryAfterMs ?? 1_000;
      const now = clocks.wall.now().getTime();
      // Every delivery to this channel, on every replica, holds off until Retry-After has passed.
      await store.claims.claim(holdKey(watch), waitMs, now);
      return { retryAt: now + waitMs, error: 'ratelimited' };
    }
    if (error.code === 'gone') {
      await pause(watch, error.reason);
      return { done: true };
    }
    throw error;
  };

  const deliver = async (
    key: {
      teamId: string;
      channelId: string;
      shipmentId: string;
    },
    lane: string | null = null,
  ): Promise<JobOutcome> => {
    const news = isNewsLane(lane);
    const found = await store.watching.watches.get(key.teamId, key.channelId, key.shipmentId);
    if (found === null || found.state !== 'active') return { done: true };
    // A card-less watch with nothing pending has no card to render and nothing to post (a quiet subscribed
    // shipment's readings come here by the thousand): done before any rendering.
    if (found.cardTs === null && (await store.watching.changes.pending(found)).length === 0)
      return { done: true };
    const rendered = await renderFor(found);
    if (rendered === null) return { done: true };
    const wallNow = clocks.wall.now().getTime();
    // A claim that expires at once is how a live Retry-After hold is looked up without extending it.
    if (!(await store.claims.claim(holdKey(found), 0, wallNow))) {
      return { retryAt: wallNow + options.channelPaceMs, error: 'held after a 429' };
    }
    /** The card was just posted with this delivery's thread message to follow: the channel's pace is spent on both. */
    let paced = false;
    let watch: PostedWatch;
    if (found.cardTs === null) {
      const placed = await placeCard(found, rendered, wallNow);
      if ('outcome' in placed) return placed.outcome;
      watch = placed.watch;
      paced = true;
    } else watch = { ...found, cardTs: found.cardTs };

    const card = await store.cards.get(watch.teamId, watch.channelId, watch.cardTs);
    /** Set when the workspace's chat.update pace makes the card wait: its thread message still goes out now. */
    let cardWaits: number | null = null;
    if (card?.renderedVersion === rendered.version) {
      stats.cardsUnchanged += 1;
    } else {
      const slot = await options.cardUpdates.take(watch.teamId, news ? 'news' : 'render');
      // The workspace's minute of chat.update is spent: this card waits in its place (the latest state is rendered
      // when it runs, so every change meanwhile coalesces into one update).
      if (!slot.ok) cardWaits = slot.until;
      else {
        const updated = await updateCard(watch, rendered, card !== null, wallNow);
        if (updated !== 'updated') {
          if (typeof updated === 'number') cardWaits = updated;
          else return updated;
        }
      }
    }
    const posted = await postPending(watch, rendered, wallNow, paced);
    // A thread message held by its channel's pace comes back soon, and the card is tried again with it.
    if (cardWaits === null || 'retryAt' in posted) return posted;
    // News waits only when the whole pace is spent (re-renders too, then); a re-render holds only re-renders.
    const lanes = news
      ? [cardUpdateLane(watch.teamId, true), cardUpdateLane(watch.teamId, false)]
      : [cardUpdateLane(watch.teamId, false)];
    return { blocked: { until: cardWaits, lanes } };
  };

  /** `updated`, or the wall time until which the workspace's card updates wait (a 429), or what the job does. */
  const updateCard = async (
    watch: PostedWatch,
    rendered: NonNullable<Awaited<ReturnType<typeof renderFor>>>,
    recorded: boolean,
    wallNow: number,
  ): Promise<'updated' | number | JobOutcome> => {
    // Who took it and which boxes are quiet (README "Owning an alert") are shown on every re-render.
    const alerts = await alertCardState(store, watch, rendered.now.getTime());
    const message = renderShipmentCard(rendered.detail, {
      now: rendered.now,
      // Card time: "updated 3 min ago" is read on the same clock as everything else the card says.
      watch: {
        updatedAtMs: rendered.now.getTime(),
        behindSinceCheckAt: rendered.behind,
        owner: alerts.owner,
        alerts: alerts.containers,
        link: cardLinkOf(options.config.cardLinkBase, watch.shipmentId, watch.channelId),
        daysOff: alerts.daysOff,
      },
    });
    try {
      await notifier.updateCard(
        { teamId: watch.teamId, channelId: watch.channelId, ts: watch.cardTs },
        message,
      );
    } catch (error) {
      if (isNotifyError(error) && error.code === 'rate_limited') {
        stats.rateLimited += 1;
        const until = clocks.wall.now().getTime() + (error.retryAfterMs ?? 1_000);
        // The workspace's pace holds for every replica; this card keeps its place and waits with the others.
        await options.cardUpdates.pause(watch.teamId, until);
        return until;
      }
      return onNotifyError(watch, error);
    }
    stats.cardUpdates += 1;
    if (recorded)
      await store.cards.setRenderedVersion(
        watch.teamId,
        watch.channelId,
        watch.cardTs,
        rendered.version,
        wallNow,
      );
    else {
      await store.cards.record({
        teamId: watch.teamId,
        channelId: watch.channelId,
        messageTs: watch.cardTs,
        threadTs: watch.threadTs,
        kind: 'shipment',
        subjectId: watch.shipmentId,
        isPrivate: false,
        renderedVersion: rendered.version,
        postedAt: wallNow,
        updatedAt: wallNow,
      });
    }
    return 'updated';
  };

  /**
   * A card-less watch (docs/store.md, "Card-less watches") with news: its card is posted now, and the news follows in
   * its thread. A person's watch whose card is still being posted by their request waits for it instead (a reservation
   * older than RESERVATION_GRACE_MS was cut off by a crash, and this delivery posts its card). With nothing to tell
   * (no pending change the channel's settings let through), nothing is posted at all.
   */
  const placeCard = async (
    watch: Watch,
    rendered: NonNullable<Awaited<ReturnType<typeof renderFor>>>,
    wallNow: number,
  ): Promise<{ outcome: JobOutcome } | { watch: PostedWatch }> => {
    // A subscription's watch has nobody posting its card: its first news does.
    if (!watch.subscriptionId && wallNow - watch.updatedAt < RESERVATION_GRACE_MS)
      return { outcome: { retryAt: wallNow + CARD_PENDING_RETRY_MS, error: 'its card is being posted' } };
    const decided = await decidePending(watch, rendered);
    if (decided.post.length === 0) {
      await store.watching.changes.markPosted(watch, decided.skip, null, wallNow);
      return { outcome: { done: true } };
    }
    if (!(await store.claims.claim(paceKey(watch), options.channelPaceMs, wallNow)))
      return { outcome: { retryAt: wallNow + options.channelPaceMs, error: 'paced' } };
    const message = renderShipmentCard(rendered.detail, {
      now: rendered.now,
      watch: {
        updatedAtMs: rendered.now.getTime(),
        behindSinceCheckAt: rendered.behind,
        link: cardLinkOf(options.config.cardLinkBase, watch.shipmentId, watch.channelId),
      },
    });
    let ts: string;
    try {
      ts = (await notifier.postCard({ teamId: watch.teamId, channelId: watch.channelId }, message)).ts;
    } catch (error) {
      return { outcome: await onNotifyError(watch, error) };
    }
    stats.cardsPosted += 1;
    if (!(await store.watching.watches.setCard(watch, { cardTs: ts, threadTs: ts }, wallNow))) {
      // Its person's request attached its own card meanwhile (or the watch ended): the news goes under that one.
      logger.warn('a card-less watch got its card twice; the later card stays unwatched', {
        channel: watch.channelId,
        shipmentId: watch.shipmentId,
      });
      return { outcome: { retryAt: wallNow + options.channelPaceMs, error: 'card attached meanwhile' } };
    }
    await store.cards.record({
      teamId: watch.teamId,
      channelId: watch.channelId,
      messageTs: ts,
      threadTs: null,
      kind: 'shipment',
      subjectId: watch.shipmentId,
      isPrivate: false,
      renderedVersion: rendered.version,
      postedAt: wallNow,
      updatedAt: wallNow,
    });
    logger.info('posted the card of a card-less watch with its first news', {
      channel: watch.channelId,
      shipmentId: watch.shipmentId,
    });
    return { watch: { ...watch, cardTs: ts, threadTs: ts } };
  };

  /** Which pending changes go out (the channel's categories, the ETA threshold) and which are skipped. */
  const decidePending = async (
    watch: Watch,
    rendered: NonNullable<Awaited<ReturnType<typeof renderFor>>>,
  ) => {
    const pending = await store.watching.changes.pending(watch);
    const settings = readChannelSettings(
      (await store.watching.settings.get(watch.teamId, watch.channelId))?.settings,
    );
    const post: Array<{ key: string; change: WatchChange }> = [];
    const skip: string[] = [];
    let etaTold = watch.etaTold;
    const thresholdMs = settings.etaThresholdHours * 3_600_000;
    const inland: Array<{ key: string; change: Extract<WatchChange, { kind: 'eta_changed' }> }> = [];
    for (const item of pending) {
      // SAFETY: the engine and the boundary runner store WatchChange values under their keys.
      const change = item.change as WatchChange;
      if (!settings.categories.includes(categoryOf(change))) {
        skip.push(item.key);
        continue;
      }
      if (change.kind === 'eta_changed' && change.leg === 'destination') {
        inland.push({ key: item.key, change });
        continue;
      }
      if (change.kind === 'eta_changed') {
        const base = etaTold ?? change.from?.at ?? null;
        const moved =
          base === null
            ? Number.POSITIVE_INFINITY
            : Math.abs((parseInstant(change.to.at) ?? 0) - (parseInstant(base) ?? 0));
        if (moved < thresholdMs) {
          skip.push(item.key);
          continue;
        }
        post.push({
          key: item.key,
          change: { ...change, from: base === null ? null : { at: base, timeZone: change.to.timeZone } },
        });
        etaTold = change.to.at;
        continue;
      }
      post.push({ key: item.key, change });
    }
    const inlandDecision = decideInlandEta(inland, thresholdMs, rendered.detail);
    post.push(...inlandDecision.post);
    skip.push(...inlandDecision.skip);
    return { post, skip, etaTold, settings };
  };

  /** Posts the watch's pending changes as one message in the card's thread, within the channel's pace. */
  const postPending = async (
    watch: PostedWatch,
    rendered: NonNullable<Awaited<ReturnType<typeof renderFor>>>,
    wallNow: number,
    paced: boolean,
  ): Promise<JobOutcome> => {
    const { post, skip, etaTold, settings } = await decidePending(watch, rendered);
    if (post.length === 0 && skip.length === 0) return { done: true };
    if (post.length === 0) {
      await store.watching.changes.markPosted(watch, skip, null, wallNow);
      return { done: true };
    }
    if (!paced && !(await store.claims.claim(paceKey(watch), options.channelPaceMs, wallNow))) {
      // Another message went to this channel within the pace: this batch waits (and grows) instead.
      return { retryAt: wallNow + options.channelPaceMs, error: 'paced' };
    }
    const message = renderUpdateMessage(
      {
        shipmentNumber: watch.shipmentNumber,
        changes: post.map((item) => item.change),
        // An alert (a reminder, a hold, an LFD) is something to own: its message carries Take it.
        takeIt: post.some((item) => isImportant(item.change)) ? watch.shipmentId : null,
      },
      { nowMs: rendered.now.getTime(), format: settings.format },
    );
    const broadcast = settings.broadcastImportant && post.some((item) => isImportant(item.change));
    let ts: string;
    try {
      const posted = await notifier.postInThread(
        { teamId: watch.teamId, channelId: watch.channelId, threadTs: watch.threadTs ?? watch.cardTs },
        message,
        { broadcast },
      );
      ts = posted.ts;
    } catch (error) {
      return onNotifyError(watch, error);
    }
    stats.threadMessages += 1;
    stats.changesPosted += post.length;
    await store.watching.changes.markPosted(
      watch,
      post.map((item) => item.key),
      ts,
      wallNow,
    );
    await store.watching.changes.markPosted(watch, skip, null, wallNow);
    if (etaTold !== watch.etaTold) await store.watching.watches.setEtaTold(watch, etaTold, wallNow);
    return { done: true };
  };

  return { deliver, stats };
}

export type Deliverer = ReturnType<typeof createDeliverer>;

/**
 * Inland ETA moves add up to the channel's threshold like the port's: they stay pending (neither posted nor skipped)
 * until together they move the ETA by the threshold from where the first of them started, and are then told as one
 * move. Once the boxes are at the inland destination a pending inland ETA is no news any more.
 */
function decideInlandEta(
  pending: ReadonlyArray<{ key: string; change: Extract<WatchChange, { kind: 'eta_changed' }> }>,
  thresholdMs: number,
  detail: ShipmentDetail,
): { post: Array<{ key: string; change: WatchChange }>; skip: string[] } {
  const first = pending[0];
  const last = pending.at(-1);
  if (first === undefined || last === undefined) return { post: [], skip: [] };
  const keys = pending.map((item) => item.key);
  if (detail.shipment.destinationAtaAt !== null) return { post: [], skip: keys };
  const base = first.change.from;
  const moved =
    base === null
      ? Number.POSITIVE_INFINITY
      : Math.abs((parseInstant(last.change.to.at) ?? 0) - (parseInstant(base.at) ?? 0));
  if (moved < thresholdMs) return { post: [], skip: [] };
  return {
    post: [{ key: last.key, change: { ...last.change, from: base } }],
    skip: keys.filter((key) => key !== last.key),
  };
}

/**
 * The version of a watched card as people see it: rendered with a fixed fetch time and no "updated … ago", so a
 * re-read that changed nothing on the card is no change, and the card a person just watched matches what the next
 * delivery renders (no chat.update to mark it watched).
 */
export function watchedCardVersion(
  detail: ShipmentDetail,
  now: Date,
  behindSinceCheckAt: number | null = null,
): string {
  return renderedVersion(
    renderShipmentCard(
      { ...detail, fetchedAt: STABLE_FETCHED_AT },
      { now, watch: { updatedAtMs: null, behindSinceCheckAt } },
    ),
  );
}

/** The claim that paces a channel's thread messages (and new cards) to about one per `channelPaceMs`. */
function paceKey(watch: Watch): string {
  return `watch-pace:${watch.teamId}:${watch.channelId}`;
}

/** The claim that holds a channel's deliveries after Slack's 429. */
function holdKey(watch: Watch): string {
  return `watch-429:${watch.teamId}:${watch.channelId}`;
}
