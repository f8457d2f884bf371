/**
 * Closed-loop load at a fixed concurrency: `concurrency` workers each send one intent (signed like Slack), wait for
 * its acknowledgement and then for the reply at the fake Slack, and only then send the next. So "concurrency" is the
 * number of commands in flight end to end, and throughput is intents completed per second. Connections are kept
 * alive (undici Pool, one connection per worker). A discarded warm-up precedes the measured phase, and both count and
 * time bound the run.
 */
import { performance } from 'node:perf_hooks';
import { BalancedPool, type Dispatcher, Pool } from 'undici';
import {
  blockActionsPayload,
  clickedButton,
  formBody,
  interactionFields,
  openedModal,
  type PayloadSource,
  slashCommandFields,
  viewSubmissionPayload,
} from '../../src/workspace/bot-link/payloads.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { slackMessage } from '../../src/workspace/web-api/slack-objects.js';
import type { FakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import type { CompletionTracker, ReplyCounter } from './completion-tracker.js';
import type { LoadResult, LoadSpec, RequestPlan } from './load-plan.js';
import { summarize } from './stats.js';

/** Who the bench's payloads come from, and the bot they address. */
const BENCH_SOURCE: PayloadSource = {
  team: { id: 'TBENCH', domain: 'bench' },
  bot: { appId: 'ABENCH', botId: 'BBOT' },
  channel: { id: 'CBENCH', name: 'bench' },
  verificationToken: 'bench-verification-token',
};
const BENCH_USER = { id: 'UBENCH', name: 'bench' };
const BENCH_BOT = { team: BENCH_SOURCE.team, bot: { ...BENCH_SOURCE.bot, userId: 'UBOT' } };

interface PhaseTotals {
  intents: number;
  requests: number;
  acked: number;
  ackErrors: Record<string, number>;
  completed: number;
  timedOut: number;
  ackMs: number[];
  completionMs: number[];
  lastCompletionAt: number;
  replies: ReplyCounter;
}

export async function runLoad(
  spec: LoadSpec,
  slack: Pick<FakeSlackApi, 'responseUrls'>,
  tracker: CompletionTracker,
): Promise<LoadResult> {
  const options = { connections: spec.concurrency, pipelining: 1, keepAliveTimeout: 60_000 };
  // Several origins: round-robin over them, as a load balancer would, without a proxy process taking a share of the
  // cores the replicas need.
  const pool: Dispatcher = spec.spreadOver
    ? new BalancedPool(spec.spreadOver, options)
    : new Pool(spec.botUrl, options);
  let serial = 0;
  const nextKey = () => `C${spec.runId}X${(serial++).toString(36).toUpperCase()}`;
  try {
    const warmup =
      spec.warmupMs > 0
        ? await phase(spec, pool, slack, tracker, nextKey, spec.warmupMs, Number.POSITIVE_INFINITY)
        : null;
    const started = performance.now();
    const totals = await phase(spec, pool, slack, tracker, nextKey, spec.durationMs, spec.maxIntents);
    const end = Math.max(totals.lastCompletionAt, started);
    const elapsedMs = end - started;
    return {
      warmupIntents: warmup?.intents ?? 0,
      intents: totals.intents,
      requests: totals.requests,
      acked: totals.acked,
      ackErrors: totals.ackErrors,
      completed: totals.completed,
      timedOut: totals.timedOut,
      otherReplies: totals.replies.other,
      ackMs: summarize(totals.ackMs),
      completionMs: summarize(totals.completionMs),
      elapsedMs,
      throughput: elapsedMs > 0 ? (totals.completed * 1000) / elapsedMs : 0,
    };
  } finally {
    await pool.close();
  }
}

async function phase(
  spec: LoadSpec,
  pool: Dispatcher,
  slack: Pick<FakeSlackApi, 'responseUrls'>,
  tracker: CompletionTracker,
  nextKey: () => string,
  durationMs: number,
  maxIntents: number,
): Promise<PhaseTotals> {
  const totals: PhaseTotals = {
    intents: 0,
    requests: 0,
    acked: 0,
    ackErrors: {},
    completed: 0,
    timedOut: 0,
    ackMs: [],
    completionMs: [],
    lastCompletionAt: 0,
    replies: { other: 0 },
  };
  const deadline = performance.now() + durationMs;
  let planIndex = 0;
  const worker = async () => {
    while (performance.now() < deadline && totals.intents < maxIntents) {
      const plan = spec.plans[planIndex++ % spec.plans.length];
      if (!plan) return;
      totals.intents += 1;
      await runIntent(spec, plan, nextKey(), pool, slack, tracker, totals);
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  return totals;
}

async function runIntent(
  spec: LoadSpec,
  plan: RequestPlan,
  key: string,
  pool: Dispatcher,
  slack: Pick<FakeSlackApi, 'responseUrls'>,
  tracker: CompletionTracker,
  totals: PhaseTotals,
): Promise<void> {
  const waiting = plan.expect
    ? tracker.expect(key, plan.expect, spec.completionTimeoutMs, totals.replies)
    : null;
  const started = performance.now();
  const repeat = Math.max(1, plan.repeat ?? 1);
  const acks = await Promise.all(
    Array.from({ length: repeat }, (_, copy) => send(spec, pool, buildBody(plan, key, slack, copy))),
  );
  let anyAcked = false;
  for (const ack of acks) {
    totals.requests += 1;
    if (ack.ok) {
      anyAcked = true;
      totals.acked += 1;
      totals.ackMs.push(ack.ms);
    } else {
      totals.ackErrors[ack.error] = (totals.ackErrors[ack.error] ?? 0) + 1;
    }
  }
  if (!waiting) {
    if (anyAcked) {
      totals.completed += 1;
      totals.completionMs.push(performance.now() - started);
      totals.lastCompletionAt = performance.now();
    }
    return;
  }
  if (!anyAcked) tracker.cancel(key);
  const arrived = await waiting;
  // The fake stamps calls in epoch milliseconds; this process times on performance.now().
  const arrivedAt = arrived === null ? null : arrived - performance.timeOrigin;
  if (arrivedAt === null) {
    if (anyAcked) totals.timedOut += 1;
    return;
  }
  totals.completed += 1;
  totals.completionMs.push(arrivedAt - started);
  totals.lastCompletionAt = Math.max(totals.lastCompletionAt, arrivedAt);
}

type Ack = { ok: true; ms: number } | { ok: false; error: string };

async function send(spec: LoadSpec, pool: Dispatcher, body: string): Promise<Ack> {
  const started = performance.now();
  try {
    const response = await pool.request({
      path: '/slack/events',
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(spec.signingSecret, body),
      },
      body,
    });
    await response.body.dump();
    const ms = performance.now() - started;
    if (response.statusCode !== 200) return { ok: false, error: `status ${response.statusCode}` };
    return { ok: true, ms };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : null;
    return { ok: false, error: typeof code === 'string' ? code : String(error) };
  }
}

let lastActionMicros = 0;

/** Strictly increasing `seconds.micros` timestamps, so no two clicks from this process share an action_ts. */
export function nextActionTs(): string {
  lastActionMicros = Math.max(lastActionMicros + 1, Math.floor(Date.now() * 1000));
  return `${Math.floor(lastActionMicros / 1_000_000)}.${String(lastActionMicros % 1_000_000).padStart(6, '0')}`;
}

/**
 * Every intent clicks a different card: Slack message ts are unique, and Shipwatch's idempotency key for a button is
 * who clicked what on which message, so reusing one ts would turn distinct intents into "double-clicks".
 */
export function messageTsFor(key: string): string {
  const split = key.lastIndexOf('X');
  const run = key.slice(0, split);
  let hash = 0;
  for (let i = 0; i < run.length; i++) hash = (Math.imul(hash, 31) + run.charCodeAt(i)) >>> 0;
  const serial = Number.parseInt(key.slice(split + 1), 36);
  return `${1_700_000_000 + (hash % 100_000_000)}.${String(serial).padStart(6, '0')}`;
}

function buildBody(
  plan: RequestPlan,
  key: string,
  slack: Pick<FakeSlackApi, 'responseUrls'>,
  copy: number,
): string {
  const triggerId = `${key}.trigger${copy}`;
  const channel = { id: key, name: 'bench' };
  switch (plan.kind) {
    case 'slash':
      return formBody(
        slashCommandFields(BENCH_SOURCE, {
          user: BENCH_USER,
          channel,
          command: plan.command,
          text: plan.text,
          responseUrl: slack.responseUrls.urlFor(key),
          triggerId,
        }),
      );
    case 'click': {
      const messageTs = messageTsFor(key);
      const payload = blockActionsPayload(BENCH_SOURCE, {
        user: BENCH_USER,
        origin: {
          kind: 'message',
          channel,
          messageTs,
          threadTs: null,
          isEphemeral: false,
          message: slackMessage(
            {
              isBot: true,
              userId: BENCH_BOT.bot.userId,
              text: '',
              blocks: [],
              ts: messageTs,
              threadTs: null,
            },
            BENCH_BOT,
          ),
          responseUrl: slack.responseUrls.urlFor(key),
        },
        action: clickedButton({
          actionId: plan.actionId,
          blockId: plan.blockId ?? 'bench_block',
          value: plan.value,
          text: 'Button',
          // Every click has its own action_ts (a double-click is two clicks on the same message): Slack re-sends a
          // payload with the same action_ts, and Shipwatch rightly ignores such a re-send.
          actionTs: nextActionTs(),
        }),
        triggerId,
        stateValues: {},
      });
      return formBody(interactionFields(payload));
    }
    case 'submit': {
      const viewId = `VBENCH${key}.v`;
      const privateMetadata = plan.privateMetadata
        .replaceAll('{key}', key)
        .replaceAll('{messageTs}', messageTsFor(key));
      const payload = viewSubmissionPayload(BENCH_SOURCE, {
        user: BENCH_USER,
        view: openedModal(BENCH_SOURCE, {
          viewId,
          callbackId: plan.callbackId,
          privateMetadata,
          hash: `${viewId}-hash`,
        }),
        stateValues: plan.values,
        triggerId,
      });
      return formBody(interactionFields(payload));
    }
  }
}
