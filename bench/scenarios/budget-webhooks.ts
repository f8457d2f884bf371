/**
 * Webhooks ahead of polls, and a big book's idle cost (README "Watching shipments", the budget): 10,000 watched
 * shipments with polls far behind, webhook-announced changes must still reach their cards within seconds, and the bot
 * must cost next to no CPU while it waits for budget.
 *
 * Method. The watching bot alone in a forked process (bench/lib/watch-bot-process.ts): the watch service as shipped
 * (budget 50/min of 100/min) on its own timers in real time, embedded store in a temporary folder, webhook route on
 * loopback, a 0 ms tracking API and the fake Slack (thread messages 1/s per channel, chat.update 50 per rolling minute)
 * in-process. 10,000 shipments of a mixed book (of every ten: two near arrival — one in five of those held after
 * discharge — seven at sea, one in detention) watched in 50 channels; then its clock is moved an hour on, so the
 * 2,000 near-arrival polls (15 min) are all overdue at once: about 50 minutes of budget. After 10 s, held boxes are
 * released one at a time, each announced by a signed `container.transport.available` POSTed to the bot: 10 in a
 * minute (6 s apart), then 20 in a minute (3 s apart); measured from sending it to the re-fetch and to the chat.update
 * that shows the box ready. Then 60 s with no traffic at all: the bot
 * process's CPU (user + system, /proc/<pid>/stat) over them, as a share of one core.
 */
import { fileURLToPath } from 'node:url';
import type { WatchServiceStats, WatchStatus } from '../../src/watch/index.js';
import { signWebhookBody } from '../../src/watch/index.js';
import { forkIpcChild } from '../lib/ipc-child.js';
import { notification, WEBHOOK_SECRET } from '../lib/live-watch.js';
import { readCpuMs } from '../lib/proc.js';
import { check, type Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';
import type { PacedChatStats } from '../lib/watch-world.js';

const WATCHED = 10_000;
/** The count of webhook-announced changes, in a minute; then twice as many. */
const SLOW_WEBHOOKS = 10;
const WEBHOOKS = 20;
const WEBHOOK_GAP_MS = 3_000;
const QUIET_MS = 60_000;
const READY = '2 of 2 containers ready';
const ENTRY = fileURLToPath(new URL('../lib/watch-bot-process.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface BotStatus {
  status: WatchStatus;
  stats: WatchServiceStats;
  chat: PacedChatStats;
}

export const budgetWebhooksScenario: Scenario = {
  id: 'budget-webhooks',
  title: 'Webhooks ahead of polls: 10,000 watched, polls behind; bot CPU while idle',
  method:
    'The watching bot alone in a forked process (watch service as shipped, embedded store, webhook route, 0 ms ' +
    'tracking API and fake Slack at 1 thread message/s per channel and chat.update 50/min in-process). 10,000 ' +
    'shipments of a mixed book watched, clock moved 1 h on so 2,000 near-arrival polls are overdue; signed ' +
    'container.transport.available for held boxes released, 10 in a minute then 20 in a minute: sent → re-fetch ' +
    'and → chat.update showing the box ready. ' +
    'Then 60 s without traffic: the bot process CPU from /proc.',
  async run(ctx) {
    const bot = await forkIpcChild<{ pid: number; url: string }>(ENTRY, 'watch bot');
    try {
      const watchMs = await bot.call<number>('watchBook', WATCHED);
      ctx.log(`  ${WATCHED} watched in ${round(watchMs / 1000, 1)} s`);
      await bot.call('advance', 60 * 60_000);
      await sleep(10_000);
      const before = await bot.call<BotStatus>('status');
      ctx.log(
        `  behind: ${JSON.stringify(before.status.behind)}, polls ${JSON.stringify(before.status.polls)}`,
      );
      /** A round of `count` changes `gapMs` apart, each announced by a webhook: webhook → re-fetch, → card (ms). */
      const round_ = async (first: number, count: number, gapMs: number) => {
        // Held boxes: the near-arrival shipments in an urgent tier (mixedShipment: index % 50 === 0).
        const ids = Array.from({ length: count }, (_, i) => `mx${(first + i) * 50}`);
        const sent: Array<{ ts: string; at: number; status: number }> = [];
        for (const id of ids) {
          const ts = await bot.call<string>('release', id);
          const body = notification(id, `${id}-box-0`, 'container.transport.available');
          const at = Date.now();
          const response = await fetch(bot.hello.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-t49-webhook-signature': signWebhookBody(body, WEBHOOK_SECRET),
            },
            body,
          });
          await response.arrayBuffer();
          sent.push({ ts, at, status: response.status });
          await sleep(gapMs);
        }
        // Asked only once the last could have landed, so the waiting costs the bot nothing.
        await sleep(10_000);
        const cards: number[] = [];
        const refetches: number[] = [];
        for (const [index, item] of sent.entries()) {
          const at = await bot.call<number | null>('firstUpdateWith', item.ts, READY, item.at);
          cards.push(at === null ? Number.POSITIVE_INFINITY : at - item.at);
          const read = await bot.call<number | null>('firstReadAfter', ids[index], item.at);
          refetches.push(read === null ? Number.POSITIVE_INFINITY : read - item.at);
        }
        ctx.log(`  ${count} × ${gapMs} ms: webhook → re-fetch ms ${refetches.map(Math.round).join(' ')}`);
        ctx.log(`  ${count} × ${gapMs} ms: webhook → card ms ${cards.map(Math.round).join(' ')}`);
        const sorted = [...cards].sort((x, y) => x - y);
        return {
          count,
          perMinute: Math.round(60_000 / gapMs),
          accepted: sent.filter((item) => item.status === 200).length,
          updated: cards.filter(Number.isFinite).length,
          refetchP95: round(
            percentile(
              [...refetches].sort((x, y) => x - y),
              95,
            ),
            0,
          ),
          p50: round(percentile(sorted, 50), 0),
          p95: round(percentile(sorted, 95), 0),
          max: round(sorted.at(-1) ?? Number.NaN, 0),
        };
      };
      const slow = await round_(0, SLOW_WEBHOOKS, 60_000 / SLOW_WEBHOOKS);
      const fast = await round_(SLOW_WEBHOOKS, WEBHOOKS, WEBHOOK_GAP_MS);
      const mid = await bot.call<BotStatus>('status');
      const cpuBefore = readCpuMs(bot.hello.pid);
      await sleep(QUIET_MS);
      const cpuMs = readCpuMs(bot.hello.pid) - cpuBefore;
      const after = await bot.call<BotStatus>('status');
      const cpuShare = round((100 * cpuMs) / QUIET_MS, 2);
      const result = {
        watchSeconds: round(watchMs / 1000, 1),
        slow,
        fast,
        cpuMs: round(cpuMs, 0),
        cpuShare,
        statusBefore: before.status,
        statusAfter: after.status,
        quietPolls: after.stats.backgroundRequests - mid.stats.backgroundRequests,
        chat: after.chat,
      };
      ctx.log(
        `  ${JSON.stringify({ ...result, statusBefore: undefined, statusAfter: after.status.behind })}`,
      );
      const s = before.status;
      return {
        table: {
          headers: ['measure', 'result', 'notes'],
          rows: [
            ...[slow, fast].map((r) => [
              `${r.count} webhooks in a minute → updated card, polls behind`,
              `p50 ${r.p50} ms · p95 ${r.p95} ms · max ${r.max} ms`,
              `${r.updated}/${r.count} cards updated, ${r.accepted} accepted; webhook → re-fetch p95 ${r.refetchP95} ms`,
            ]),
            [
              'how far behind (status, when the webhooks began)',
              `${s.behind.duePolls} polls due, oldest ${s.behind.oldestDueSeconds} s`,
              `needed ${s.polls.neededPerMinute}/min, planned ${s.polls.plannedPerMinute} of ${s.polls.budgetPerMinute}; shortfall ${s.polls.shortfall}, routine stretch ${s.polls.stretch.routine}`,
            ],
            [
              `bot CPU over ${QUIET_MS / 1000} s, no traffic`,
              `${result.cpuMs} ms = ${cpuShare} % of a core`,
              `${result.quietPolls} background requests meanwhile; ${after.status.behind.duePolls} polls still due`,
            ],
            [
              `${WATCHED} watched`,
              `in ${result.watchSeconds} s`,
              `${after.chat.updates} chat.update, ${after.chat.posts} thread messages, ${after.chat.rateLimited} × 429 in all`,
            ],
          ],
        },
        figures: result,
        checks: [
          check(
            `webhook → card p95, ${slow.count} in a minute, polls behind`,
            slow.p95,
            'ms',
            '≤ 3000',
            (v) => v <= 3_000,
          ),
          check(
            `webhook → card p95, ${fast.count} in a minute, polls behind`,
            fast.p95,
            'ms',
            '≤ 3000',
            (v) => v <= 3_000,
          ),
          check(`bot CPU over ${QUIET_MS / 1000} s idle`, cpuShare, '% core', '≤ 5', (v) => v <= 5),
        ],
      };
    } finally {
      await bot.close();
    }
  },
};
