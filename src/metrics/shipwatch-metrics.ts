/**
 * What Shipwatch exports at `GET /metrics` (docs/operations.md, "Metrics"), in Prometheus' text format through
 * prom-client: shipments watched, polls needed against the budget and how far they are stretched, poll lateness,
 * tracking API requests and 429s, Slack calls and 429s, webhook notifications and their age when handled, and the job
 * queue. Every label is an account id, a workspace id, a class or a job kind — never a shipment, which would make a
 * time series per box. Counters and histograms are fed as things happen (the ports watching, the tracking client and
 * the Slack notifier report to); gauges are read from the store once per scrape (`render`).
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Priority } from '../jobs/index.js';
import type { Store } from '../store/index.js';
import type { WatchMetrics, WatchStatus } from '../watch/index.js';

export interface ShipwatchMetrics {
  /** Refreshes the gauges from the store, then the whole exposition text. */
  render(): Promise<string>;
  readonly contentType: string;
  /** Watching's port (poll lateness, notifications, background requests). */
  readonly watch: WatchMetrics;
  /** The tracking client's observer for one account: every attempt sent, with its status. */
  trackingAttempt(accountId: string): (attempt: { method: string; status: number | null }) => void;
  /** The Slack notifier's observer: every call, with how it ended. */
  slackCall(call: { teamId: string; method: string; outcome: string }): void;
  /** Where the watch gauges are read from (the watch service's status). */
  readWatchStatus(read: () => Promise<WatchStatus>): void;
}

export function createShipwatchMetrics(options: {
  store: Pick<Store, 'jobs'>;
  clock: Clock;
}): ShipwatchMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'shipwatch_' });
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[]) =>
    new Gauge({ name, help, labelNames, registers });
  const counter = (name: string, help: string, labelNames: string[]) =>
    new Counter({ name, help, labelNames, registers });

  const watched = gauge('shipwatch_watched_shipments', 'Watches, by workspace and state.', [
    'account',
    'workspace',
    'state',
  ]);
  const needed = gauge(
    'shipwatch_polls_needed_per_minute',
    'Polls a minute the watched shipments need at their cadence.',
    ['account', 'class'],
  );
  const budgetGauge = gauge(
    'shipwatch_poll_budget_per_minute',
    'Background requests a minute the account may send.',
    ['account'],
  );
  const planned = gauge('shipwatch_polls_planned_per_minute', 'Polls a minute the plan allows itself.', [
    'account',
  ]);
  const stretch = gauge(
    'shipwatch_poll_stretch',
    'How far cadences are stretched to fit the budget (1 = on time).',
    ['account', 'class'],
  );
  const shortfall = gauge('shipwatch_poll_shortfall', '1 while the polls needed exceed the budget.', [
    'account',
  ]);
  const duePolls = gauge('shipwatch_polls_due', 'Polls due and not run yet.', ['account']);
  const depth = gauge('shipwatch_job_queue_depth', 'Pending jobs, by kind.', ['kind']);
  const due = gauge('shipwatch_jobs_due', 'Pending jobs whose time has come, by kind.', ['kind']);
  const oldest = gauge(
    'shipwatch_job_oldest_due_seconds',
    'How long the oldest due job of a kind has waited.',
    ['kind'],
  );
  const apiRequests = counter('shipwatch_api_requests_total', 'Tracking API attempts sent, by HTTP status.', [
    'account',
    'status',
  ]);
  const api429 = counter('shipwatch_api_rate_limited_total', 'Tracking API answers 429.', ['account']);
  const background = counter('shipwatch_background_requests_total', 'Budget slots taken, by class.', [
    'account',
    'class',
  ]);
  const slackCalls = counter(
    'shipwatch_slack_calls_total',
    'Slack calls made for watched cards, by method.',
    ['workspace', 'method'],
  );
  const slack429 = counter('shipwatch_slack_rate_limited_total', 'Slack calls answered 429, by method.', [
    'workspace',
    'method',
  ]);
  const notifications = counter('shipwatch_webhook_notifications_total', 'Webhook deliveries, by outcome.', [
    'account',
    'outcome',
  ]);
  const lateness = new Histogram({
    name: 'shipwatch_poll_lateness_seconds',
    help: 'How long after its planned time a poll ran.',
    labelNames: ['account'],
    buckets: [1, 5, 15, 60, 300, 900, 3600, 10800],
    registers,
  });
  const age = new Histogram({
    name: 'shipwatch_webhook_notification_age_seconds',
    help: 'From Terminal49 sending a notification to Shipwatch handling it.',
    labelNames: ['account'],
    buckets: [1, 2, 5, 10, 30, 60, 300, 3600],
    registers,
  });
  let readStatus: (() => Promise<WatchStatus>) | null = null;

  const refresh = async () => {
    const now = options.clock.now().getTime();
    depth.reset();
    due.reset();
    oldest.reset();
    for (const row of await options.store.jobs.depth(now)) {
      depth.set({ kind: row.kind }, row.pending);
      due.set({ kind: row.kind }, row.due);
      oldest.set(
        { kind: row.kind },
        row.oldestDueAt === null ? 0 : Math.max(0, (now - row.oldestDueAt) / 1000),
      );
    }
    if (readStatus === null) return;
    const status = await readStatus();
    const account = status.account;
    watched.reset();
    for (const row of status.watched.workspaces) {
      watched.set({ account, workspace: row.teamId, state: 'active' }, row.active);
      watched.set({ account, workspace: row.teamId, state: 'paused' }, row.paused);
    }
    needed.set({ account, class: 'urgent' }, status.polls.urgentPerMinute);
    needed.set({ account, class: 'routine' }, status.polls.routinePerMinute);
    budgetGauge.set({ account }, status.polls.budgetPerMinute);
    planned.set({ account }, status.polls.plannedPerMinute);
    stretch.set({ account, class: 'urgent' }, status.polls.stretch.urgent);
    stretch.set({ account, class: 'routine' }, status.polls.stretch.routine);
    shortfall.set({ account }, status.polls.shortfall ? 1 : 0);
    duePolls.set({ account }, status.behind.duePolls);
  };

  return {
    async render() {
      await refresh();
      return registry.metrics();
    },
    contentType: registry.contentType,
    watch: {
      backgroundRequest: (account: string, priority: Priority) =>
        background.inc({ account, class: priority }),
      pollLateness: (account, lateMs) => lateness.observe({ account }, lateMs / 1000),
      notificationHandled: (account, sentAt, handledAt) => {
        if (sentAt !== null) age.observe({ account }, Math.max(0, (handledAt - sentAt) / 1000));
      },
      notificationReceived: (account, outcome) => notifications.inc({ account, outcome }),
    },
    trackingAttempt: (account) => (attempt) => {
      apiRequests.inc({ account, status: attempt.status === null ? 'none' : String(attempt.status) });
      if (attempt.status === 429) api429.inc({ account });
    },
    slackCall(call) {
      slackCalls.inc({ workspace: call.teamId, method: call.method });
      if (call.outcome === 'rate_limited') slack429.inc({ workspace: call.teamId, method: call.method });
    },
    readWatchStatus(read) {
      readStatus = read;
    },
  };
}
