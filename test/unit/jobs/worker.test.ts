/**
 * The job worker: due jobs lowest place in line first; a job whose budget says no goes back untouched and its lane
 * waits — the pass stops spending effort on that lane instead of re-claiming the backlog — while other lanes go on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobRegistry, createJobWorker, type JobOutcome } from '../../../src/jobs/index.js';
import { silentLogger } from '../../../src/logger.js';
import type { Job, Store } from '../../../src/store/index.js';
import { embeddedHarness, type StoreHarness } from '../store/helpers/stores.js';

const T0 = Date.parse('2026-03-10T09:00:00Z');

describe('the job worker', () => {
  let harness: StoreHarness;
  let store: Store;
  let now: number;
  const wall = { now: () => new Date(now) };

  beforeEach(async () => {
    harness = embeddedHarness();
    store = await harness.open();
    now = T0;
  });
  afterEach(async () => {
    await harness.dispose();
  });

  const worker = (handlers: Record<string, (job: Job) => Promise<JobOutcome>>) =>
    createJobWorker({
      jobs: store.jobs,
      owner: 'w1',
      wall,
      registry: createJobRegistry(handlers),
      logger: silentLogger,
      leaseMs: 30_000,
      pollIntervalMs: 1_000,
      concurrency: 4,
    });

  it('stops at the first refusal of a budget: the backlog is not re-claimed, keeps its order, and other lanes run', async () => {
    const polled: string[] = [];
    let open = false;
    const delivered: string[] = [];
    const run = worker({
      poll: async (job) => {
        if (!open) return { blocked: { until: T0 + 60_000, lanes: ['api:a:poll'] } };
        polled.push(job.key ?? '');
        return { done: true };
      },
      deliver: async (job) => {
        delivered.push(job.key ?? '');
        return { done: true };
      },
    });
    for (let i = 0; i < 40; i += 1)
      await store.jobs.enqueue({
        kind: 'poll',
        key: `p${String(i).padStart(2, '0')}`,
        runAt: T0 - 1000 + i,
        payload: {},
        lane: 'api:a:poll',
      });
    await store.jobs.enqueue({
      kind: 'deliver',
      key: 'card',
      runAt: T0,
      payload: {},
      lane: 'slack-update:T1',
    });

    await run.runDue();
    // At most one batch (the worker's concurrency) met the refusal; nothing was re-claimed after it.
    expect(run.counts['poll:blocked']).toBeLessThanOrEqual(4);
    expect(delivered).toEqual(['card']);
    now += 30_000;
    await run.runDue();
    expect(run.counts['poll:blocked']).toBeLessThanOrEqual(4);

    const [waiting] = (await store.jobs.depth(now)).filter((row) => row.kind === 'poll');
    expect(waiting).toEqual({ kind: 'poll', pending: 40, due: 40, oldestDueAt: T0 - 1000 });

    open = true;
    now = T0 + 60_000;
    await run.runDue();
    expect(polled).toHaveLength(40);
    expect(polled).toEqual([...polled].sort());
  });

  it('gives back a job it did not run with its attempt, so refusals never count toward dropping it', async () => {
    let refusals = 0;
    let attemptsWhenRun = 0;
    const run = worker({
      poll: async (job) => {
        refusals += 1;
        attemptsWhenRun = job.attempts;
        return refusals < 20 ? { blocked: { until: now + 1_000, lanes: ['api:a:poll'] } } : { done: true };
      },
    });
    await store.jobs.enqueue({ kind: 'poll', key: 'p', runAt: T0, payload: {}, lane: 'api:a:poll' });
    for (let i = 0; i < 20; i += 1) {
      await run.runDue();
      now += 1_000;
    }
    expect(refusals).toBe(20);
    expect(attemptsWhenRun).toBe(1);
    expect((await store.jobs.depth(now)).filter((row) => row.kind === 'poll')).toEqual([]);
  });
});
