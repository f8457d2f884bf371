/**
 * A channel subscribed to a whole demo book, left running for a virtual day (README "Subscriptions": quiet shipments
 * post nothing; a shipment's first news posts its card with that news in its thread). Shared by the bench row
 * (`subscriptions-quiet`, 2,000 shipments) and its integration test (200).
 *
 * The bot as the integration tests run it (signed HTTP, embedded store, watch service and webhook route, fake Slack),
 * over the embedded simulator holding a generated book (`createSimulator({ book })`, what `shipwatch simulator --book`
 * and SHIPWATCH_SIMULATOR_BOOK serve) and sending its webhooks to the bot. Every book shipment has a `PO-…` reference,
 * so `/shipwatch subscribe ref:PO-` subscribes the channel to all of them. Once the first pass has matched them and
 * each has its first reading, demo time moves one hour at a time for a day; the simulator tells which shipments it
 * changed (and sends their webhooks). Then every message Shipwatch posted in the channel is put down to its
 * shipment (a card, or a line in a card's thread).
 */
import { performance } from 'node:perf_hooks';
import type { Store } from '../../src/store/index.js';
import type { FakeSlackCall } from '../../test/helpers/slack/fake-slack-api.js';
import { nextId, TEST_TEAM } from '../../test/helpers/slack/payloads.js';
import { startWatchingHarness } from '../../test/helpers/slack/watching-harness.js';

const HOUR = 3_600_000;
const SECRET = 'whsec-quiet-book';
export const QUIET_BOOK_FILTER = 'ref:PO-';

export interface QuietBookOptions {
  book: number;
  hours: number;
  log(line: string): void;
  /** Gives up waiting for the bot after this long (ms) at any one stage. */
  patienceMs?: number;
}

export interface QuietBookResult {
  /** Shipments the subscription watched when demo time started. */
  subscribed: number;
  /** Of them, those the simulator changed during the day, and those it did not. */
  changed: number;
  quiet: number;
  /** Messages posted for quiet shipments: cards, and lines in their threads (target 0). */
  quietMessages: number;
  /** Changed shipments whose card was posted, the cards, and the lines in their threads. */
  changedWithCard: number;
  changedCards: number;
  changedThreadLines: number;
  /** Changed shipments whose card was posted more than once, or posted with nothing in its thread. */
  changedCardsNotOne: number;
  changedCardsWithoutLine: number;
  /** Top-level posts no watch accounts for (besides the subscription's own audit line). */
  unaccounted: number;
  /** How long the first pass and first readings took, and the day. */
  subscribeMs: number;
  dayMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, done: () => Promise<boolean>, patienceMs: number): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`quiet book: gave up waiting for ${what}`);
    await sleep(100);
  }
}

/** Nothing due in the queue and nothing new posted for `quietMs`. */
async function settle(store: Store, posts: () => number, quietMs: number, patienceMs: number) {
  let last = posts();
  let stableSince = Date.now();
  await waitFor(
    'the bot to settle',
    async () => {
      const due = (await store.jobs.depth(Date.now())).reduce((sum, row) => sum + row.due, 0);
      const now = posts();
      if (now !== last || due > 0) {
        last = now;
        stableSince = Date.now();
      }
      return Date.now() - stableSince >= quietMs;
    },
    patienceMs,
  );
}

export async function runQuietBook(options: QuietBookOptions): Promise<QuietBookResult> {
  const patienceMs = options.patienceMs ?? 600_000;
  const watching = await startWatchingHarness(`quiet-book-${nextId('')}`, {
    webhookSecret: SECRET,
    // The day is all webhooks: no pass again, and Slack paced fast enough not to be what is measured.
    config: { subscriptionSweepMs: 24 * HOUR, channelPaceMs: 10, budgetPerMinute: 100_000, concurrency: 8 },
    harness: {
      simulator: { book: options.book },
      client: { rateLimitPerMinute: 100_000 },
      logLevel: 'warn',
    },
  });
  const { harness, store } = watching;
  try {
    harness.sim.webhooks.add({ url: `${harness.url}/webhooks/terminal49`, secret: SECRET });
    const channelId = nextId('C');
    const inChannel = (call: FakeSlackCall) => call.args.channel === channelId;
    const posts = () => harness.slack.callsTo('chat.postMessage', inChannel).length;
    const started = performance.now();
    const sent = await harness.command('/shipwatch', `subscribe ${QUIET_BOOK_FILTER}`, { channelId });
    if (sent.status !== 200) throw new Error(`subscribe answered ${sent.status}`);
    await waitFor(
      'the first pass',
      async () => (await store.subscriptions.listByChannel(TEST_TEAM.id, channelId))[0]?.matched != null,
      patienceMs,
    );
    const watches = await store.watching.watches.listByChannel(TEST_TEAM.id, channelId);
    const ids = watches.map((watch) => watch.shipmentId);
    await waitFor(
      'every first reading',
      async () => (await store.watching.snapshots.getMany(ids)).length === ids.length,
      patienceMs,
    );
    await settle(store, posts, 1_000, patienceMs);
    const subscribeMs = performance.now() - started;
    options.log(`  ${ids.length} subscribed and read in ${(subscribeMs / 1000).toFixed(1)} s`);

    const subscribed = new Set(ids);
    const changedIds = new Set<string>();
    const dayStarted = performance.now();
    for (let hour = 0; hour < options.hours; hour += 1) {
      for (const event of harness.sim.advance(HOUR))
        if (event.shipmentId !== null && subscribed.has(event.shipmentId)) changedIds.add(event.shipmentId);
      await harness.sim.webhooks.idle();
      await settle(store, posts, 300, patienceMs);
    }
    await settle(store, posts, 1_500, patienceMs);
    const dayMs = performance.now() - dayStarted;

    // Every message in the channel, put down to its shipment by the card (or the card's thread) it is.
    const byCard = new Map<string, string>();
    for (const watch of await store.watching.watches.listByChannel(TEST_TEAM.id, channelId))
      if (watch.cardTs !== null) byCard.set(watch.cardTs, watch.shipmentId);
    // A shipment that left during the day (its tracking stopped) has no watch any more: its card is in the registry.
    const shipmentOf = async (ts: string) => {
      const watched = byCard.get(ts);
      if (watched !== undefined) return watched;
      const card = await store.cards.get(TEST_TEAM.id, channelId, ts);
      return card?.kind === 'shipment' ? card.subjectId : undefined;
    };
    const cards = new Map<string, number>();
    const lines = new Map<string, number>();
    let unaccounted = 0;
    for (const call of harness.slack.callsTo('chat.postMessage', inChannel)) {
      const thread = typeof call.args.thread_ts === 'string' ? call.args.thread_ts : null;
      const ts = typeof call.answer?.ts === 'string' ? call.answer.ts : null;
      const shipmentId = thread ? await shipmentOf(thread) : ts ? await shipmentOf(ts) : undefined;
      if (shipmentId === undefined) {
        if (!JSON.stringify(call.args).includes('subscribed this channel')) {
          unaccounted += 1;
          options.log(`  a post no shipment accounts for: ${String(call.args.text ?? '').slice(0, 160)}`);
        }
        continue;
      }
      const tally = thread ? lines : cards;
      tally.set(shipmentId, (tally.get(shipmentId) ?? 0) + 1);
    }
    const quietIds = ids.filter((id) => !changedIds.has(id));
    const changed = [...changedIds];
    const withCard = changed.filter((id) => cards.has(id));
    return {
      subscribed: ids.length,
      changed: changed.length,
      quiet: quietIds.length,
      quietMessages: quietIds.reduce((sum, id) => sum + (cards.get(id) ?? 0) + (lines.get(id) ?? 0), 0),
      changedWithCard: withCard.length,
      changedCards: changed.reduce((sum, id) => sum + (cards.get(id) ?? 0), 0),
      changedThreadLines: changed.reduce((sum, id) => sum + (lines.get(id) ?? 0), 0),
      changedCardsNotOne: withCard.filter((id) => cards.get(id) !== 1).length,
      changedCardsWithoutLine: withCard.filter((id) => (lines.get(id) ?? 0) === 0).length,
      unaccounted,
      subscribeMs: Math.round(subscribeMs),
      dayMs: Math.round(dayMs),
    };
  } finally {
    await watching.stop();
  }
}
