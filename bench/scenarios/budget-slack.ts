/**
 * Slack's budget (README "Watching shipments", Slack's limits): a burst of container notifications for watched
 * shipments against a fake Slack at Slack's own limits.
 *
 * Method. The watch service as shipped, running on its own timers in real time (bench/lib/live-watch.ts): embedded
 * store in a temporary folder, tracking API answering in 0 ms from memory, webhook route on loopback. The fake Slack
 * (bench/lib/watch-world.ts, PacedChat) models `chat.postMessage` at one message per second per channel and
 * `chat.update` at Tier 3, 50 calls per rolling minute per workspace; beyond either it answers 429 with Retry-After
 * (1 s for a channel; for chat.update, the seconds until the oldest call leaves the minute). 50 shipments of 10 boxes
 * each, arriving, are watched in 10 channels (5 per channel); once the watches' own readings are 5 s old, 500 signed
 * `container.transport.vessel_discharged` notifications, one per box, are POSTed at random over 10 s (at most 16 in
 * flight): one batch, as when Terminal49's refresh finds a vessel's boxes discharged (and here released), so the
 * tracking API shows every box's final state before the first notification. Measured from
 * the first notification: when each card's last update shows the final state ("10 of 10 containers ready"); thread
 * messages per shipment; Slack calls and 429s. The target is (card updates needed ÷ the modelled chat.update rate) +
 * 15 s, one update per card being needed.
 */
import { performance } from 'node:perf_hooks';
import { defaultWatchConfig } from '../../src/watch/index.js';
import { liveWorld, notification, until, watchAll } from '../lib/live-watch.js';
import { check, type Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';
import { shipment } from '../lib/watch-world.js';

const SHIPMENTS = 50;
const BOXES = 10;
const CHANNELS = 10;
const SPREAD_MS = 10_000;
/** The fake Slack's model. */
const UPDATES_PER_MINUTE = 50;
const POST_PACE_MS = 1_000;
const SLACK_MODEL =
  `fake Slack: chat.postMessage 1 per ${POST_PACE_MS / 1000} s per channel, chat.update ${UPDATES_PER_MINUTE} per ` +
  'rolling minute per workspace (Tier 3); beyond either, 429 with Retry-After';
const FINAL = `${BOXES} of ${BOXES} containers ready`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const budgetSlackScenario: Scenario = {
  id: 'budget-slack',
  title: "Slack's budget: 500 notifications for 50 watched shipments in 10 channels at Slack's limits",
  method:
    'Watch service as shipped (real time), embedded store, 0 ms tracking API, webhook route on loopback; ' +
    `${SLACK_MODEL}. ${SHIPMENTS} shipments × ${BOXES} boxes watched in ${CHANNELS} channels; 500 signed ` +
    `vessel_discharged notifications at random over ${SPREAD_MS / 1000} s, each box discharged and released just ` +
    'before its own. From the first notification: when each card last shows the final state; thread messages per ' +
    'shipment; Slack calls and 429s.',
  async run(ctx) {
    const world = await liveWorld({
      chat: { paceMs: POST_PACE_MS, updatesPerMinute: UPDATES_PER_MINUTE },
    });
    try {
      const ids = Array.from({ length: SHIPMENTS }, (_, i) => `sb${i}`);
      const arriving = (id: string) => {
        const detail = shipment(id, BOXES, 'near', Date.now());
        for (const box of detail.containers) box.podDischargedAt = null;
        return detail;
      };
      for (const id of ids) world.tracking.shipments.set(id, arriving(id));
      const cards = await watchAll(world, ids, (i) => `CSB${i % CHANNELS}`);
      const updatesWhileWatching = world.chat.stats.updates;
      await sleep(defaultWatchConfig(100).minRefetchMs + 500);
      const updatesBeforeNews = world.chat.stats.updates;
      const callsBefore = world.chat.calls;
      const limitedBefore = world.chat.stats.rateLimited;
      const postsBefore = new Map(
        ids.map((id) => [id, world.chat.postsByThread.get(cards.get(id) ?? '')?.length ?? 0]),
      );
      const schedule = ids
        .flatMap((id) =>
          Array.from({ length: BOXES }, (_, box) => ({ id, box, at: Math.random() * SPREAD_MS })),
        )
        .sort((a, b) => a.at - b.at);
      // One batch: Terminal49's refresh found every box discharged and released, and sends a notification per box.
      for (const id of ids) {
        const detail = shipment(id, BOXES, 'near', Date.now());
        for (const box of detail.containers) {
          box.holds = [];
          box.availableForPickup = true;
          box.currentStatus = 'available';
        }
        world.tracking.shipments.set(id, detail);
      }
      const finalAt = new Map<string, number>();
      const shipmentOf = new Map([...cards].map(([id, ts]) => [ts, id]));
      world.chat.onUpdate = (ts) => {
        const id = shipmentOf.get(ts);
        if (id && !finalAt.has(id) && world.chat.lastUpdate.get(ts)?.text.includes(FINAL))
          finalAt.set(id, performance.now());
      };
      const started = performance.now();
      const statuses: number[] = [];
      const inFlight = new Set<Promise<void>>();
      for (const item of schedule) {
        const wait = started + item.at - performance.now();
        if (wait > 0) await sleep(wait);
        const request = world
          .post(notification(item.id, `${item.id}-box-${item.box}`, 'container.transport.vessel_discharged'))
          .then((status) => {
            statuses.push(status);
          })
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
        if (inFlight.size >= 16) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
      const floorSeconds = (SHIPMENTS / UPDATES_PER_MINUTE) * 60;
      const targetSeconds = floorSeconds + 15;
      await until(
        () => finalAt.size === SHIPMENTS,
        (targetSeconds + 45) * 1000 - (performance.now() - started),
      );
      const settle = [...finalAt.values()].map((at) => (at - started) / 1000).sort((a, b) => a - b);
      const lastSeconds =
        finalAt.size === SHIPMENTS ? round(settle.at(-1) ?? Number.NaN, 1) : Number.POSITIVE_INFINITY;
      // Let anything still queued go out before counting calls (a late extra message would show here).
      await sleep(3_000);
      const messages = ids.map(
        (id) => (world.chat.postsByThread.get(cards.get(id) ?? '')?.length ?? 0) - (postsBefore.get(id) ?? 0),
      );
      const calls = world.chat.calls - callsBefore;
      const limited = world.chat.stats.rateLimited - limitedBefore;
      const updates = world.chat.stats.updates - updatesBeforeNews;
      const result = {
        accepted: statuses.filter((status) => status === 200).length,
        cardsFinal: finalAt.size,
        floorSeconds,
        targetSeconds,
        lastSeconds,
        p50Seconds: round(percentile(settle, 50), 1),
        cardUpdates: updates,
        updatesWhileWatching,
        updatesBeforeNews: updatesBeforeNews - updatesWhileWatching,
        maxMessages: Math.max(...messages),
        minMessages: Math.min(...messages),
        calls,
        rateLimited: limited,
        updatesRateLimited: world.chat.stats.updatesRateLimited,
        ignoredRetryAfter: world.chat.stats.ignoredRetryAfter,
        limitedShare: round((100 * limited) / Math.max(1, calls), 1),
      };
      ctx.log(`  ${JSON.stringify(result)}`);
      return {
        table: {
          headers: ['measure', 'result', 'notes'],
          rows: [
            [
              'every card shows the final state',
              `${result.cardsFinal}/${SHIPMENTS} cards; last after ${lastSeconds} s (p50 ${result.p50Seconds} s)`,
              `floor ${floorSeconds} s = ${SHIPMENTS} card updates ÷ ${UPDATES_PER_MINUTE}/min; target floor + 15 s = ${targetSeconds} s`,
            ],
            [
              'card updates',
              `${updates} chat.update for ${SHIPMENTS} cards`,
              `${result.updatesWhileWatching} while watching, ${result.updatesBeforeNews} before any news`,
            ],
            [
              'thread messages per shipment',
              `${result.minMessages}–${result.maxMessages}`,
              `${result.accepted}/500 notifications accepted`,
            ],
            [
              'Slack calls and 429s',
              `${limited} × 429 of ${calls} calls (${result.limitedShare} %)`,
              `${result.updatesRateLimited} on chat.update; ${result.ignoredRetryAfter} calls before a Retry-After had passed`,
            ],
          ],
        },
        figures: result,
        notes: [SLACK_MODEL],
        checks: [
          check(
            'every card final within floor + 15 s',
            lastSeconds,
            's',
            `≤ ${targetSeconds} (floor ${floorSeconds})`,
            (v) => v <= targetSeconds,
          ),
          check('thread messages per shipment per batch (max)', result.maxMessages, '', '≤ 1', (v) => v <= 1),
          check('Slack 429s of Slack calls', result.limitedShare, '%', '≤ 5', (v) => v <= 5),
        ],
      };
    } finally {
      world.chat.onUpdate = null;
      await world.stop();
    }
  },
};
