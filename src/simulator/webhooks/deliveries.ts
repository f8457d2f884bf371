/**
 * Webhook delivery, off the request path: a notification is queued and POSTed in the background, at most
 * `concurrency` at a time. An answer other than 200/201/202/204, a timeout or a network error is retried after
 * baseDelayMs × 4^(n−1) (defaults: 5 attempts in all, after 1 s, 4 s, 16 s and 64 s; 10 s per attempt), then marked
 * failed. The real API retries up to 12 times; fewer here keeps a demo's failures short. Missed notifications are
 * never replayed, as with the real API. Every attempt is logged in `log` (the last 1,000) for tests and debugging.
 */
import { SIGNATURE_HEADER, signBody } from './notification.js';
import type { WebhookHeader } from './webhook-registry.js';

export interface DeliveryOptions {
  /** Attempts per notification, the first included (default 5). */
  attempts?: number;
  /** The wait before retry n is baseDelayMs × 4^(n−1) (default 1,000 ms). */
  baseDelayMs?: number;
  /** Per attempt, connecting and reading the answer's status (default 10,000 ms). */
  timeoutMs?: number;
  /** Requests in flight at once, over all webhooks (default 8). */
  concurrency?: number;
  /** Send every notification twice, same id and body, as real deliveries sometimes are (tests of dedupe). */
  duplicate?: boolean;
}

export interface DeliveryRecord {
  notificationId: string;
  webhookId: string;
  url: string;
  event: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The answer's status; null when the attempt timed out or could not connect. */
  status: number | null;
  outcome: 'delivered' | 'retrying' | 'failed';
  /** Why a status-less attempt failed (`timeout`, `network`). */
  error?: string;
  /** Wall-clock time of the attempt's end. */
  at: string;
}

export interface Delivery {
  webhookId: string;
  url: string;
  secret: string;
  headers: readonly WebhookHeader[];
  notificationId: string;
  event: string;
  body: string;
  /** Told once the notification is accepted, or given up after its last attempt. */
  onSettled?: (outcome: 'succeeded' | 'failed') => void;
}

export interface WebhookDeliveries {
  send(delivery: Delivery): void;
  readonly log: readonly DeliveryRecord[];
  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Drops what is queued, aborts what is in flight, cancels retries. */
  close(): void;
}

const ACCEPTED = new Set([200, 201, 202, 204]);
const MAX_LOG = 1_000;

interface Job {
  delivery: Delivery;
  signature: string;
  attempt: number;
}

export function createWebhookDeliveries(options: DeliveryOptions = {}): WebhookDeliveries {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 8;
  const queue: Job[] = [];
  const retries = new Set<NodeJS.Timeout>();
  const log: DeliveryRecord[] = [];
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const closing = new AbortController();

  const settleIfIdle = () => {
    if (queue.length > 0 || inFlight > 0 || retries.size > 0) return;
    const resolve = waiters;
    waiters = [];
    for (const waiter of resolve) waiter();
  };

  const record = (job: Job, status: number | null, outcome: DeliveryRecord['outcome'], error?: string) => {
    if (log.length >= MAX_LOG) log.splice(0, MAX_LOG / 2);
    const { notificationId, webhookId, url, event } = job.delivery;
    log.push({
      notificationId,
      webhookId,
      url,
      event,
      attempt: job.attempt,
      status,
      outcome,
      ...(error ? { error } : {}),
      at: new Date().toISOString(),
    });
  };

  async function attempt(job: Job): Promise<{ status: number | null; error?: string }> {
    const { delivery } = job;
    const headers = new Headers();
    for (const { name, value } of delivery.headers) {
      try {
        headers.set(name, value);
      } catch {
        // A header name or value fetch refuses is skipped, as a receiver would never see it either.
      }
    }
    headers.set('content-type', 'application/json');
    headers.set('user-agent', 'Terminal49-Webhooks (Shipwatch simulator)');
    headers.set(SIGNATURE_HEADER, job.signature);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      return { status: null, error: name === 'TimeoutError' ? 'timeout' : 'network' };
    }
  }

  async function run(job: Job): Promise<void> {
    const result = await attempt(job);
    if (closing.signal.aborted) return;
    if (result.status !== null && ACCEPTED.has(result.status)) {
      record(job, result.status, 'delivered');
      job.delivery.onSettled?.('succeeded');
      return;
    }
    if (job.attempt >= attempts) {
      record(job, result.status, 'failed', result.error);
      job.delivery.onSettled?.('failed');
      return;
    }
    record(job, result.status, 'retrying', result.error);
    const timer = setTimeout(
      () => {
        retries.delete(timer);
        enqueue({ ...job, attempt: job.attempt + 1 });
      },
      baseDelayMs * 4 ** (job.attempt - 1),
    );
    timer.unref();
    retries.add(timer);
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length > 0) {
      const job = queue.shift();
      if (!job) break;
      inFlight += 1;
      void run(job).finally(() => {
        inFlight -= 1;
        pump();
        settleIfIdle();
      });
    }
  }

  function enqueue(job: Job): void {
    if (closing.signal.aborted) return;
    queue.push(job);
    // Never on the caller's stack: a step applied during an API request must not wait for a delivery to start.
    setImmediate(pump);
  }

  return {
    send(delivery) {
      const job: Job = { delivery, signature: signBody(delivery.body, delivery.secret), attempt: 1 };
      enqueue(job);
      if (options.duplicate) enqueue({ ...job });
    },
    get log() {
      return log;
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        // Queued work starts on the next turn; check after it.
        setImmediate(settleIfIdle);
      });
    },
    close() {
      closing.abort();
      queue.length = 0;
      for (const timer of retries) clearTimeout(timer);
      retries.clear();
      settleIfIdle();
    },
  };
}
