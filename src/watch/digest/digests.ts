/**
 * Daily digests per channel (README "Daily digests"; docs/domain-rules.md#daily-digests): composed from the stored
 * snapshots of the channel's watched shipments and the changes recorded since the last digest — no Terminal49 request —
 * at the moment they are sent (not with chat.scheduleMessage, which would freeze what they say).
 *
 * One job per channel (`digest.send`, key `team|channel`) on the store's queue waits for the next occurrence of the
 * channel's digest time in its zone (domain/digest: 08:00 stays 08:00 local across DST). When it runs it finds the
 * occurrence due, claims `digest:<team>:<channel>:<local date>` in the store (atomic across replicas, kept across
 * restarts) and only the claimant composes and posts, through the notifier port, within the channel's message pace.
 * So a channel gets at most one digest per local date whichever replica runs the job, however often it is queued; a
 * failed post releases the claim and is tried again, and a replica that dies between the claim and the post leaves
 * that day's digest unsent rather than sending it twice. Then the job queues itself for the next occurrence.
 */

import { renderDigestMessage } from '../../cards/digest/digest-message.js';
import { formatCalendarDate, formatWallTime } from '../../cards/format/dates.js';
import type { SlackMessage } from '../../cards/types.js';
import type { WatchChange } from '../../domain/changes/index.js';
import {
  type DigestContent,
  type DigestSchedule,
  digestContent,
  dueDigest,
  isEmptyDigest,
  nextDigest,
  previousDigest,
} from '../../domain/digest/index.js';
import { wallTimeOrUtc } from '../../domain/time/calendar.js';
import { todayIn } from '../../domain/time/today.js';
import { zoneAbbreviation } from '../../domain/time/zone-offsets.js';
import type { JobHandler, JobOutcome } from '../../jobs/index.js';
import type { Logger } from '../../logger.js';
import { isNotifyError, type Notifier, notifyFailureFields } from '../../notify/index.js';
import type { JobInput, Store } from '../../store/index.js';
import { readSnapshot } from '../engine.js';
import { type DigestSetting, readChannelSettings, readDigestSetting, workingWeekOf } from '../settings.js';
import { type WatchClocks, wallInstantOf, wallTimeOf } from '../watch-clocks.js';

export const DIGEST_JOB = 'digest.send';

/** A digest claim outlives its local date by far: a day has at most 26 hours, a retry at most the grace. */
const SENT_CLAIM_MS = 3 * 86_400_000;
/** `digest now` with no schedule: what changed in the last day. */
const DAY_MS = 86_400_000;

export interface DigestJobPayload {
  teamId: string;
  channelId: string;
}

export function digestJob(channel: DigestJobPayload, runAt: number): JobInput {
  return { kind: DIGEST_JOB, key: `${channel.teamId}|${channel.channelId}`, runAt, payload: channel };
}

export function readDigestPayload(payload: unknown): DigestJobPayload | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  const { teamId, channelId } = record;
  return typeof teamId === 'string' && typeof channelId === 'string' ? { teamId, channelId } : null;
}

export interface DigestsOptions {
  store: Pick<Store, 'watching' | 'jobs' | 'claims'>;
  clocks: WatchClocks;
  logger: Logger;
  /** At most one message per channel per this long (shared with thread updates). */
  channelPaceMs: number;
  onQueued?: (at: number) => void;
}

export interface ComposedDigest {
  content: DigestContent;
  message: SlackMessage;
}

export interface Digests {
  /** The channel's digest as it stands now (`/shipwatch digest now`): always an answer, even with nothing to flag. */
  composeNow(teamId: string, channelId: string): Promise<ComposedDigest>;
  /** The channel's digest setting, or null. */
  setting(teamId: string, channelId: string): Promise<DigestSetting | null>;
  /** Stores (or with null removes) the channel's digest, and queues its next occurrence. */
  schedule(
    teamId: string,
    channelId: string,
    setting: DigestSetting | null,
    userId: string,
  ): Promise<number | null>;
  /**
   * Card time moved (demo time): the digest job of each of these channels that has a digest runs now, and finds the
   * occurrence due (or plans the next) on the new time. Its claim keeps it to one per local date all the same.
   */
  replan(channels: readonly DigestJobPayload[]): Promise<void>;
  /** The `digest.send` handler. */
  run(notifier: Notifier): JobHandler;
}

export function createDigests(options: DigestsOptions): Digests {
  const { store, clocks, logger } = options;

  const readSettings = async (teamId: string, channelId: string) => {
    const raw = (await store.watching.settings.get(teamId, channelId))?.settings ?? null;
    const settings = readChannelSettings(raw);
    return { raw, week: workingWeekOf(settings), digest: readDigestSetting(raw) };
  };

  /** Composes the channel's digest at card time `nowMs`, with the changes recorded since `sinceMs` (card time). */
  const compose = async (
    teamId: string,
    channelId: string,
    nowMs: number,
    sinceMs: number,
    words: { date: string; since: string; asked: boolean },
  ): Promise<ComposedDigest> => {
    const { week } = await readSettings(teamId, channelId);
    const watches = (await store.watching.watches.listByChannel(teamId, channelId)).filter(
      (watch) => watch.state === 'active',
    );
    // Changes are stamped with the wall clock; the window is card time (demo time in the local workspace).
    const from = wallInstantOf(clocks, sinceMs);
    const until = clocks.wall.now().getTime();
    const shipments = await Promise.all(
      watches.map(async (watch) => {
        const stored = await store.watching.snapshots.get(watch.shipmentId);
        const changes = await store.watching.changes.recordedBetween(watch, from, until);
        return {
          shipmentId: watch.shipmentId,
          shipmentNumber: watch.shipmentNumber,
          snapshot: stored ? readSnapshot(stored.snapshot) : null,
          // SAFETY: the engine and the boundary runner store WatchChange values under their keys.
          changes: changes.map((item) => item.change as WatchChange),
          // A quiet subscribed shipment has no card yet: it is listed without a link.
          card: watch.cardTs === null ? null : { channelId: watch.channelId, ts: watch.cardTs },
        };
      }),
    );
    const content = digestContent(shipments, nowMs, week);
    const message = renderDigestMessage(content, {
      nowMs,
      dateWords: words.date,
      sinceWords: words.since,
      asked: words.asked,
    });
    return { content, message };
  };

  const queueNext = async (
    channel: DigestJobPayload,
    schedule: DigestSchedule,
    week: ReturnType<typeof workingWeekOf>,
  ) => {
    const next = nextDigest(schedule, clocks.clock.now().getTime(), week);
    const runAt = wallTimeOf(clocks, next.at);
    await store.jobs.enqueue(digestJob(channel, runAt));
    options.onQueued?.(runAt);
    return next.at;
  };

  return {
    async composeNow(teamId, channelId) {
      const nowMs = clocks.clock.now().getTime();
      const { digest, week } = await readSettings(teamId, channelId);
      const last = digest ? previousDigest(digest, nowMs, week, true) : null;
      const zone = digest?.timeZone ?? null;
      return compose(teamId, channelId, nowMs, last?.at ?? nowMs - DAY_MS, {
        date: formatCalendarDate(todayIn(zone, nowMs)),
        since: last ? `since the digest of ${wallWords(last.at, zone)}` : 'in the last 24 hours',
        asked: true,
      });
    },
    async setting(teamId, channelId) {
      return (await readSettings(teamId, channelId)).digest;
    },
    async schedule(teamId, channelId, setting, userId) {
      const { raw, week } = await readSettings(teamId, channelId);
      const base = raw !== null && typeof raw === 'object' ? raw : readChannelSettings(null);
      await store.watching.settings.put({
        teamId,
        channelId,
        settings: { ...base, digest: setting },
        updatedBy: userId,
        updatedAt: clocks.wall.now().getTime(),
      });
      // Turned off: the queued job finds no digest when it runs and stops there.
      return setting === null ? null : queueNext({ teamId, channelId }, setting, week);
    },
    async replan(channels) {
      const now = clocks.wall.now().getTime();
      let queued = false;
      for (const channel of channels) {
        if ((await readSettings(channel.teamId, channel.channelId)).digest === null) continue;
        // An earlier run time wins over the one queued for the old time (the queue keeps the earlier of the two).
        await store.jobs.enqueue(digestJob(channel, now));
        queued = true;
      }
      if (queued) options.onQueued?.(now);
    },
    run:
      (notifier) =>
      async (job): Promise<JobOutcome> => {
        const channel = readDigestPayload(job.payload);
        if (channel === null) return { done: true };
        const { digest, week } = await readSettings(channel.teamId, channel.channelId);
        if (digest === null) return { done: true };
        const nowMs = clocks.clock.now().getTime();
        const wallNow = clocks.wall.now().getTime();
        const due = dueDigest(digest, nowMs, week);
        const next = async (): Promise<JobOutcome> => {
          const at = nextDigest(digest, nowMs, week).at;
          return { done: true, next: { runAt: wallTimeOf(clocks, at) } };
        };
        if (due === null) return next();
        const sentKey = `digest:${channel.teamId}:${channel.channelId}:${due.localDate}`;
        // A claim that expires at once looks the day's digest up without taking it.
        if (!(await store.claims.claim(sentKey, 0, wallNow))) return next();
        const paceKey = `watch-pace:${channel.teamId}:${channel.channelId}`;
        if (!(await store.claims.claim(paceKey, options.channelPaceMs, wallNow)))
          return { retryAt: wallNow + options.channelPaceMs, error: 'paced' };
        if (!(await store.claims.claim(sentKey, SENT_CLAIM_MS, wallNow))) return next();
        const last = previousDigest(digest, due.at, week);
        const composed = await compose(
          channel.teamId,
          channel.channelId,
          nowMs,
          last?.at ?? due.at - DAY_MS,
          {
            date: formatCalendarDate(todayIn(digest.timeZone, due.at)),
            since: last
              ? `since the digest of ${wallWords(last.at, digest.timeZone)}`
              : 'in the last 24 hours',
            asked: false,
          },
        );
        if (isEmptyDigest(composed.content)) {
          logger.info('digest skipped: nothing to say', { channel: channel.channelId, date: due.localDate });
          return next();
        }
        try {
          await notifier.postInChannel(channel, composed.message);
        } catch (error) {
          logger.warn('digest not posted', { channel: channel.channelId, ...notifyFailureFields(error) });
          if (isNotifyError(error) && error.code === 'gone') return next();
          await store.claims.release(sentKey);
          const wait =
            isNotifyError(error) && error.code === 'rate_limited' ? (error.retryAfterMs ?? 1_000) : 60_000;
          return { retryAt: wallNow + wait, error: isNotifyError(error) ? error.reason : 'failed' };
        }
        logger.info('digest posted', { channel: channel.channelId, date: due.localDate });
        return next();
      },
  };
}

/** "Wed 25 Nov 08:00 CET" in the digest's zone. */
function wallWords(at: number, zone: string | null): string {
  const wall = wallTimeOrUtc(at, zone);
  return `${formatWallTime(wall)} ${zoneAbbreviation(zone ?? 'UTC', at)}`;
}
