/**
 * The loop that runs jobs on the store's queue (registry.ts: watching's refreshes, polls, time boundaries and Slack
 * deliveries today). Each due job goes to one replica (the store's claim: SKIP LOCKED on PostgreSQL) under a lease,
 * lowest place in line first (priority.ts); a replica killed mid-job leaves the job to be taken over once the lease
 * expires, and every job is written to be run again safely (the engine's compare-and-set, changes keyed per watch,
 * cards updated only when their rendered version changed).
 *
 * A job whose budget says no (`blocked`) is released untouched and its lanes are skipped until the budget frees: the
 * pass goes on with other work, nothing is re-claimed or re-ordered while it waits, and the loop sleeps until the
 * earliest of a job of its own falling due (`schedule`), a lane opening, or `pollIntervalMs` (jobs queued by other
 * replicas). `runDue` runs everything due now and returns: tests and the benchmark drive time with it.
 */
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Job, JobStore } from '../store/index.js';
import type { JobOutcome, JobRegistry } from './registry.js';

export interface JobWorker {
  start(): void;
  /** Stops looking for work; resolves when the jobs in hand are done. */
  stop(): Promise<void>;
  /** Runs every job due now (including what those jobs make due now); resolves with how many ran. */
  runDue(): Promise<number>;
  /** A job will be due at this wall time: wake then. */
  schedule(at: number): void;
  /** Jobs run by this process, by kind and outcome. */
  readonly counts: Readonly<Record<string, number>>;
  /** The lanes held now, and until when. */
  blockedLanes(): ReadonlyMap<string, number>;
}

export interface JobWorkerOptions {
  jobs: JobStore;
  owner: string;
  /** The clock of leases and run times (wall time, whatever the cards' clock says). */
  wall: Clock;
  registry: JobRegistry;
  logger: Logger;
  leaseMs: number;
  pollIntervalMs: number;
  concurrency: number;
  /** A job that keeps failing is dropped after this many attempts (its work is logged). */
  maxAttempts?: number;
}

/** 1 s, 2 s, 4 s … up to 5 min. */
function backoff(attempts: number): number {
  return Math.min(300_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { jobs, owner, wall, registry, logger } = options;
  const kinds = [...registry.kinds];
  const maxAttempts = options.maxAttempts ?? 12;
  const counts: Record<string, number> = {};
  const inHand = new Set<Promise<void>>();
  /** Lane → until when it is held (its budget said no). */
  const held = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let wakeAt = Number.POSITIVE_INFINITY;
  let running = false;
  let pass: Promise<number> | null = null;

  const count = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };

  const heldNow = (now: number): string[] => {
    for (const [lane, until] of held) if (until <= now) held.delete(lane);
    return [...held.keys()];
  };

  const outcomeOf = async (job: Job): Promise<JobOutcome> => {
    const handler = registry.handlerFor(job.kind);
    try {
      return handler ? await handler(job) : { done: true };
    } catch (error) {
      const attempts = job.attempts;
      if (attempts >= maxAttempts) {
        logger.error('job dropped after repeated failures', {
          kind: job.kind,
          key: job.key,
          attempts,
          error,
        });
        return { done: true };
      }
      logger.warn('job failed; will retry', { kind: job.kind, key: job.key, attempts, error });
      return { retryAt: wall.now().getTime() + backoff(attempts), error: String(error) };
    }
  };

  const runJob = async (job: Job): Promise<void> => {
    const outcome = await outcomeOf(job);
    count(`${job.kind}:${'blocked' in outcome ? 'blocked' : 'retryAt' in outcome ? 'retry' : 'done'}`);
    logger.debug('job ran', { kind: job.kind, key: job.key, outcome });
    if ('blocked' in outcome) {
      const { until, lanes } = outcome.blocked;
      // The job's own lane waits too, whatever the handler named: a released job must not be claimed straight back.
      for (const lane of job.lane === null ? lanes : [...lanes, job.lane])
        held.set(lane, Math.max(held.get(lane) ?? 0, until));
      await jobs.release(job.id, owner);
      schedule(until);
      return;
    }
    if ('retryAt' in outcome) {
      await jobs.retry(job.id, owner, outcome.retryAt, outcome.error ?? 'later');
      schedule(outcome.retryAt);
      return;
    }
    const completed = await jobs.complete(job.id, owner);
    if (completed && outcome.next) {
      const { runAt } = outcome.next;
      // The next turn keeps this one's place relative to its run time (its class), and its lane.
      await jobs.enqueue({
        kind: job.kind,
        key: job.key,
        runAt,
        payload: job.payload,
        order: outcome.next.order ?? job.order - job.runAt + runAt,
        lane: outcome.next.lane === undefined ? job.lane : outcome.next.lane,
      });
      schedule(runAt);
    }
  };

  /** Claims and runs due jobs until none is due outside the held lanes; several at once, up to `concurrency`. */
  const drain = async (): Promise<number> => {
    let ran = 0;
    for (;;) {
      const room = options.concurrency - inHand.size;
      if (room <= 0) {
        await Promise.race(inHand);
        continue;
      }
      const now = wall.now().getTime();
      const claimed = await jobs.claim({
        kinds,
        owner,
        leaseMs: options.leaseMs,
        now,
        limit: room,
        skipLanes: heldNow(now),
      });
      if (claimed.length === 0) {
        if (inHand.size === 0) return ran;
        await Promise.race(inHand);
        continue;
      }
      for (const job of claimed) {
        // A lane held by a job claimed in the same batch: give this one back unrun.
        const until = job.lane === null ? undefined : held.get(job.lane);
        if (until !== undefined && until > now) {
          await jobs.release(job.id, owner);
          continue;
        }
        ran += 1;
        const work = runJob(job)
          .catch((error: unknown) => logger.error('job bookkeeping failed', { kind: job.kind, error }))
          .finally(() => inHand.delete(work));
        inHand.add(work);
      }
    }
  };

  const runDue = (): Promise<number> => {
    pass ??= drain().finally(() => {
      pass = null;
    });
    return pass;
  };

  const tick = () => {
    timer = null;
    wakeAt = Number.POSITIVE_INFINITY;
    if (!running) return;
    runDue()
      .catch((error: unknown) => logger.warn('jobs could not be claimed', { error }))
      .finally(() => {
        if (running) arm(wall.now().getTime() + options.pollIntervalMs);
      });
  };

  const arm = (at: number) => {
    if (!running || at >= wakeAt) return;
    if (timer) clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(tick, Math.max(0, Math.min(at - wall.now().getTime(), options.pollIntervalMs)));
    timer.unref?.();
  };

  function schedule(at: number): void {
    arm(at);
  }

  return {
    start() {
      if (running) return;
      running = true;
      arm(wall.now().getTime());
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await pass?.catch(() => {});
      await Promise.allSettled([...inHand]);
    },
    runDue,
    schedule,
    counts,
    blockedLanes: () => new Map(held),
  };
}
