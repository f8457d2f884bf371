/**
 * Watching shipments (README "Watching shipments"): webhooks to updated cards, bursts, polling within the quota, and
 * forged webhooks.
 *
 * Method. The watch service as shipped (defaults of src/watch/watch-config.ts) on an embedded store in a temporary
 * folder, a tracking API answering in 0 ms from memory, and a chat API that allows one message per second per
 * channel and answers 429 with Retry-After: 1 beyond it (bench/lib/watch-world.ts).
 * 1. Latency: 40 shipments watched in 40 channels; each in turn changes (a hold released) and a signed notification
 *    is POSTed to the real route on loopback every 150 ms; measured from sending the notification to the chat.update
 *    of its card (real time, the worker's own timers).
 * 2. Burst: 50 shipments of 10 boxes watched in 10 channels; all 500 boxes are discharged at once and 500 signed
 *    `vessel_discharged` notifications (one per box) arrive at random over 10 s; counted per shipment: card updates,
 *    thread messages, re-fetches, and whether every box's discharge was told within 30 s of the floor the workspace's
 *    card-update pace sets (50 cards at 45 a minute: the last can go a minute after the first); 429s answered and
 *    any post that came before its Retry-After.
 * 3. Polling: 1,000 shipments (200 near arrival, 700 at sea, 100 in detention) for 7 hours of virtual time (a manual
 *    clock stepped 5 s at a time, jobs run at each step); every read takes an account slot (100/min, in the store's
 *    quota table as the bot's shared guard does) after the poller's budget (50/min); 40 interactive lookups a minute
 *    take account slots too. Reported: the longest gap between two reads of a shipment against its cadence (checked:
 *    at most one 5 s step late, since a poll due between two steps runs at the next), the
 *    poller's busiest rolling minute, interactive lookups refused.
 * 4. Forged: the bot (startService, HTTP mode, store and watch route) takes 200 signed `/shipwatch help` commands alone,
 *    then again while 2,000 webhooks with wrong signatures arrive at 32 at a time; ack p50/p99 compared, every forged
 *    one must get 401 and nothing may be stored.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { createSlackNotifier } from '../../src/slack/delivery/slack-notifier.js';
import {
  createWatchService,
  defaultWatchConfig,
  signWebhookBody,
  WEBHOOK_PATH,
} from '../../src/watch/index.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { startFakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import { slashCommandBody } from '../../test/helpers/slack/payloads.js';
import { liveWorld, notification, until, WEBHOOK_SECRET, watchAll } from '../lib/live-watch.js';
import { check, type Scenario } from '../lib/scenario.js';
import { maxInWindow, percentile, round } from '../lib/stats.js';
import { BenchTracking, PacedChat, shipment, temporaryStore } from '../lib/watch-world.js';

/**
 * The polling run's virtual clock step: every tick runs what is due, every third offers interactive lookups. No
 * longer than the API budget's spread window (5 s, src/jobs/api-budget.ts): with coarser ticks the spread alone would
 * cap polls far below the budget.
 */
const TICK_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MINUTE = 60_000;

/** 1. Verified notification → updated card. */
async function latency(log: (line: string) => void) {
  const world = await liveWorld();
  try {
    const ids = Array.from({ length: 40 }, (_, i) => `lat${i}`);
    for (const id of ids) world.tracking.shipments.set(id, shipment(id, 2, 'near', Date.now()));
    const cards = await watchAll(world, ids, (i) => `CLAT${i}`);
    // Let the watch's own reading age past the re-fetch interval, and its first card update happen.
    await sleep(defaultWatchConfig(100).minRefetchMs + 500);
    const samples: number[] = [];
    const pending: Array<Promise<void>> = [];
    for (const id of ids) {
      const detail = shipment(id, 2, 'near', Date.now());
      for (const box of detail.containers) {
        box.holds = [];
        box.availableForPickup = true;
        box.currentStatus = 'available';
      }
      world.tracking.shipments.set(id, detail);
      const ts = cards.get(id) ?? '';
      const before = world.chat.updatesByTs.get(ts)?.length ?? 0;
      const sent = Date.now();
      const status = await world.post(notification(id, `${id}-box-0`, 'container.updated'));
      if (status !== 200) throw new Error(`webhook answered ${status}`);
      pending.push(
        until(() => (world.chat.updatesByTs.get(ts)?.length ?? 0) > before, 10_000).then((ok) => {
          const updates = world.chat.updatesByTs.get(ts) ?? [];
          if (ok) samples.push((updates[before] ?? sent) - sent);
        }),
      );
      await sleep(150);
    }
    await Promise.all(pending);
    const sorted = samples.sort((a, b) => a - b);
    log(
      `  latency: ${samples.length}/40 cards updated, p50 ${percentile(sorted, 50)} ms, p95 ${percentile(sorted, 95)} ms`,
    );
    return {
      updated: samples.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? NaN,
    };
  } finally {
    await world.stop();
  }
}

/** 2. 500 notifications for 50 shipments in 10 s. */
async function burst(log: (line: string) => void) {
  const world = await liveWorld();
  try {
    const ids = Array.from({ length: 50 }, (_, i) => `bst${i}`);
    const arriving = (id: string) => {
      const detail = shipment(id, 10, 'near', Date.now());
      for (const box of detail.containers) box.podDischargedAt = null;
      return detail;
    };
    for (const id of ids) world.tracking.shipments.set(id, arriving(id));
    const cards = await watchAll(world, ids, (i) => `CBST${i % 10}`);
    await sleep(defaultWatchConfig(100).minRefetchMs + 500);
    const updatesBefore = new Map(
      ids.map((id) => [id, world.chat.updatesByTs.get(cards.get(id) ?? '')?.length ?? 0]),
    );
    const readsBefore = world.tracking.reads.length;
    for (const id of ids) world.tracking.shipments.set(id, shipment(id, 10, 'near', Date.now()));
    const schedule = ids
      .flatMap((id) => Array.from({ length: 10 }, (_, box) => ({ id, box, at: Math.random() * 10_000 })))
      .sort((a, b) => a.at - b.at);
    const started = Date.now();
    const statuses: number[] = [];
    const inFlight = new Set<Promise<void>>();
    for (const item of schedule) {
      const wait = started + item.at - Date.now();
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
    const told = (id: string) =>
      (world.chat.postsByThread.get(cards.get(id) ?? '') ?? []).some((post) =>
        post.text.includes('10 containers discharged'),
      );
    // The card updates are paced to the workspace's chat.update budget (cardUpdatesPerMinute, Tier 3), so the last
    // of 50 cannot be told before the pace allows it: "lost" means not told 30 s after that floor, not after a fixed
    // 30 s (which the pace alone exceeds: every change arrived, about a minute after the notifications).
    const floorMs = 60_000 * Math.floor((ids.length - 1) / defaultWatchConfig(100).cardUpdatesPerMinute);
    const settled = await until(() => ids.every(told), floorMs + 30_000);
    const perShipment = ids.map((id) => ({
      updates: (world.chat.updatesByTs.get(cards.get(id) ?? '')?.length ?? 0) - (updatesBefore.get(id) ?? 0),
      messages: world.chat.postsByThread.get(cards.get(id) ?? '')?.length ?? 0,
      reads: world.tracking.reads.slice(readsBefore).filter((read) => read.id === id).length,
    }));
    const result = {
      accepted: statuses.filter((status) => status === 200).length,
      settledMs: Date.now() - started,
      floorMs,
      settled,
      lost: ids.filter((id) => !told(id)).length,
      maxUpdates: Math.max(...perShipment.map((s) => s.updates)),
      maxMessages: Math.max(...perShipment.map((s) => s.messages)),
      reads: perShipment.reduce((sum, s) => sum + s.reads, 0),
      rateLimited: world.chat.stats.rateLimited,
      ignoredRetryAfter: world.chat.stats.ignoredRetryAfter,
    };
    log(`  burst: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await world.stop();
  }
}

/** 3. 1,000 shipments polled for 7 virtual hours within the budget. */
async function polling(log: (line: string) => void) {
  let now = Date.parse('2026-03-10T06:00:00Z');
  const clock = { now: () => new Date(now) };
  const temp = await temporaryStore(clock);
  const { store } = temp;
  const accountSlot = async (at: number) => {
    const slot = await store.quota.acquire('bench-account', {
      limit: 100,
      windowMs: MINUTE,
      now: at,
      inFlightHoldMs: 62_000,
    });
    if (slot.ok) await store.quota.settle(slot.slotId, at + 62_000);
    return slot.ok;
  };
  const tracking = new BenchTracking(clock, accountSlot);
  const chat = new PacedChat(() => now);
  const config = defaultWatchConfig(100);
  const service = createWatchService({
    store,
    tracking,
    clock,
    logger: silentLogger,
    config,
    owner: 'bench-poller',
    accountId: 'watch-bench-poller',
  });
  service.start({ notifier: createSlackNotifier(chat), loop: false });
  try {
    const phases: Array<['near' | 'far' | 'detention', number]> = [
      ['near', 200],
      ['far', 700],
      ['detention', 100],
    ];
    const cadenceOf = new Map<string, number>();
    const lastRead = new Map<string, number>();
    let n = 0;
    for (const [phase, count] of phases) {
      for (let i = 0; i < count; i += 1) {
        const id = `poll${n++}`;
        const detail = shipment(id, 2, phase, now);
        tracking.shipments.set(id, detail);
        cadenceOf.set(id, config.cadenceMs[phase] ?? Number.POSITIVE_INFINITY);
        await service.watch({
          teamId: 'TBENCH',
          channelId: `CPOLL${i % 20}`,
          userId: 'UBENCH',
          detail,
          cardTs: chat.card(),
          threadTs: null,
        });
        lastRead.set(id, now);
      }
    }
    const start = now;
    const end = start + 7 * 60 * MINUTE;
    const readsBefore = tracking.reads.length;
    let interactiveRefused = 0;
    let interactive = 0;
    let worstGapRatio = 0;
    let worstLateMs = 0;
    const started = performance.now();
    for (now = start; now <= end; now += TICK_MS) {
      // 40 interactive lookups a minute: 10 every 15 s.
      if ((now - start) % 15_000 === 0)
        for (let i = 0; i < 10; i += 1) {
          interactive += 1;
          if (!(await accountSlot(now))) interactiveRefused += 1;
        }
      await service.runDue();
    }
    now = end;
    const polls = tracking.reads.slice(readsBefore);
    for (const read of polls) {
      const gap = read.at - (lastRead.get(read.id) ?? start);
      worstGapRatio = Math.max(worstGapRatio, gap / (cadenceOf.get(read.id) ?? 1));
      worstLateMs = Math.max(worstLateMs, gap - (cadenceOf.get(read.id) ?? 0));
      lastRead.set(read.id, read.at);
    }
    for (const [id, at] of lastRead) {
      worstGapRatio = Math.max(worstGapRatio, (end - at) / (cadenceOf.get(id) ?? 1));
      worstLateMs = Math.max(worstLateMs, end - at - (cadenceOf.get(id) ?? 0));
    }
    const busiestMinute = maxInWindow(
      polls.map((read) => read.at),
      MINUTE,
    );
    const result = {
      polls: polls.length,
      perMinuteMean: round(polls.length / ((end - start) / MINUTE), 1),
      busiestMinute,
      worstGapRatio: round(worstGapRatio, 3),
      worstLateSeconds: round(Math.max(0, worstLateMs) / 1000, 1),
      interactive,
      interactiveRefused,
      wallMs: Math.round(performance.now() - started),
    };
    log(`  polling: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await service.stop();
    await temp.dispose();
  }
}

/** 4. 2,000 forged notifications while real Slack requests are acknowledged. */
async function forged(signingSecret: string, log: (line: string) => void) {
  const { startService } = await import('../../src/service/index.js');
  const { loadConfig } = await import('../../src/config/env.js');
  const { createTrackingClient } = await import('../../src/tracking/index.js');
  const slack = await startFakeSlackApi({ memory: 'forgetful', record: false, leanAnswers: true });
  const temp = await temporaryStore(systemClock);
  const tracking = createTrackingClient({
    baseUrl: 'http://127.0.0.1:9/v2',
    apiKey: 'unused',
    logger: silentLogger,
  });
  const watching = createWatchService({
    store: temp.store,
    tracking,
    clock: systemClock,
    logger: silentLogger,
    config: defaultWatchConfig(100),
    owner: 'bench-forged',
    accountId: 'watch-bench-forged',
    webhookSecret: WEBHOOK_SECRET,
  });
  const config = loadConfig({
    SLACK_BOT_TOKEN: 'xoxb-fake-bench-watch',
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slack.url,
    PORT: '0',
    LOG_LEVEL: 'error',
  });
  const bot = await startService({
    config,
    tracking,
    logger: silentLogger,
    clock: systemClock,
    port: 0,
    host: '127.0.0.1',
    store: temp.store,
    watching,
    routes: watching.webhookRoute ? [watching.webhookRoute] : [],
  });
  try {
    const acks = async (count: number): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const body = slashCommandBody({
          command: '/shipwatch',
          text: 'help',
          channelId: 'CFORGED',
          userId: 'UBENCH',
          responseUrl: slack.responseUrls.urlFor(`r${i}`),
          triggerId: `t${i}-${Math.random()}`,
        });
        const started = performance.now();
        const response = await fetch(`${bot.url}/slack/events`, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...signSlackRequest(signingSecret, body),
          },
          body,
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b);
    };
    await acks(20);
    const alone = await acks(200);
    const statuses: number[] = [];
    let flooding = true;
    const flood = (async () => {
      const sent = Array.from({ length: 2_000 }, (_, i) => i);
      for (let i = 0; i < sent.length; i += 32) {
        await Promise.all(
          sent.slice(i, i + 32).map(async () => {
            const body = notification('shp-forged', 'box', 'container.transport.available');
            const response = await fetch(`${bot.url}${WEBHOOK_PATH}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-t49-webhook-signature': signWebhookBody(body, 'not-the-secret'),
              },
              body,
            });
            await response.arrayBuffer();
            statuses.push(response.status);
          }),
        );
      }
      flooding = false;
    })();
    const during: number[] = [];
    while (flooding) during.push(...(await acks(10)));
    await flood;
    during.sort((a, b) => a - b);
    const stored = await temp.store.watching.inbox.count();
    const result = {
      refused: statuses.filter((status) => status === 401).length,
      stored,
      aloneP50: round(percentile(alone, 50)),
      aloneP99: round(percentile(alone, 99)),
      duringP50: round(percentile(during, 50)),
      duringP99: round(percentile(during, 99)),
      duringCount: during.length,
    };
    log(`  forged: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await bot.stop();
    await tracking.close();
    await temp.dispose();
    await slack.close();
  }
}

export const watchScenario: Scenario = {
  id: 'watch',
  title: 'Watching: webhooks to cards, bursts, polling within the quota, forged webhooks',
  method:
    'Watch service as shipped on an embedded store, 0 ms tracking API, chat API at 1 msg/s/channel with 429 + ' +
    'Retry-After beyond it. (1) 40 signed notifications, one per watched shipment, 150 ms apart: notification → ' +
    'chat.update of its card. (2) 500 signed notifications for 50 shipments (10 channels) at random over 10 s. ' +
    '(3) 1,000 shipments polled for 7 virtual hours, account quota 100/min in the store, poller budget 50/min, 40 ' +
    'interactive lookups/min. (4) The bot acking signed /shipwatch help alone and during 2,000 wrongly signed ' +
    'notifications (32 at a time).',
  async run(ctx) {
    const lat = await latency(ctx.log);
    const bst = await burst(ctx.log);
    const pol = await polling(ctx.log);
    const frg = await forged(ctx.signingSecret, ctx.log);
    return {
      table: {
        headers: ['run', 'result', 'notes'],
        rows: [
          [
            'webhook → updated card',
            `p50 ${lat.p50} ms · p95 ${lat.p95} ms · max ${lat.max} ms`,
            `${lat.updated}/40 cards updated`,
          ],
          [
            '500 notifications, 50 shipments, 10 s',
            `≤ ${bst.maxUpdates} card update and ≤ ${bst.maxMessages} thread message per shipment; ${bst.lost} lost`,
            `${bst.accepted}/500 accepted, ${bst.reads} re-fetches, ${bst.rateLimited} × 429 answered, ${bst.ignoredRetryAfter} ignored; settled in ${round(bst.settledMs / 1000, 1)} s (Slack pace floor ${round(bst.floorMs / 1000, 1)} s after the last notification)`,
          ],
          [
            '1,000 shipments polled, 7 virtual hours',
            `longest gap ${pol.worstGapRatio} × cadence (at most ${pol.worstLateSeconds} s late); busiest minute ${pol.busiestMinute} requests (mean ${pol.perMinuteMean}/min)`,
            `${pol.polls} polls, interactive lookups refused ${pol.interactiveRefused}/${pol.interactive}; ${round(pol.wallMs / 1000, 1)} s wall`,
          ],
          [
            '2,000 wrongly signed notifications',
            `${frg.refused}/2000 × 401, ${frg.stored} stored`,
            `Slack ack p50/p99 alone ${frg.aloneP50}/${frg.aloneP99} ms, during ${frg.duringP50}/${frg.duringP99} ms (${frg.duringCount} commands)`,
          ],
        ],
      },
      figures: { latency: lat, burst: bst, polling: pol, forged: frg },
      checks: [
        check('webhook → card p95', lat.p95, 'ms', '≤ 2000', (v) => v <= 2_000),
        check('burst: card updates per shipment (max)', bst.maxUpdates, '', '≤ 1', (v) => v <= 1),
        check('burst: thread messages per shipment (max)', bst.maxMessages, '', '≤ 1', (v) => v <= 1),
        check('burst: shipments whose change was lost', bst.lost, '', '0', (v) => v === 0),
        check('burst: posts ignoring a 429', bst.ignoredRetryAfter, '', '0', (v) => v === 0),
        // Virtual time moves in ticks: a poll that falls due between two ticks runs at the next, so "within its
        // cadence" as this clock can see it is at most one tick late.
        check(
          'polling: longest lateness beyond the cadence',
          pol.worstLateSeconds,
          's',
          `≤ ${TICK_MS / 1000} (one tick)`,
          (v) => v <= TICK_MS / 1000,
        ),
        check('polling: busiest minute', pol.busiestMinute, 'req', '≤ 50', (v) => v <= 50),
        check('polling: interactive lookups refused', pol.interactiveRefused, '', '0', (v) => v === 0),
        check('forged: answered 401', frg.refused, '', '2000', (v) => v === 2_000),
        check('forged: stored', frg.stored, '', '0', (v) => v === 0),
        // Slack's own deadline is 3 s; a flood of forged webhooks must leave acks far inside it.
        check('forged: Slack ack p99 during the flood', frg.duringP99, 'ms', '< 1000', (v) => v < 1_000),
      ],
    };
  },
};
