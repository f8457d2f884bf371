/**
 * What the job worker can run: one handler per job kind. Watching registers its kinds (refresh, poll, boundary,
 * delivery); budgets, digests, reminders and list sweeps register theirs, and one worker runs them all on the store's
 * queue (docs/architecture.md, "Jobs").
 */
import type { Job } from '../store/index.js';

/** What a job asks for once it has run. */
export type JobOutcome =
  /**
   * Done; `next` enqueues the same job again (a poll's next turn), by default in the same class and lane (its place
   * in line keeps its distance from its run time); `order` and `lane` move it.
   */
  | { done: true; next?: { runAt: number; order?: number; lane?: string | null } }
  /** Failed or refused for now: back to the queue at `retryAt`. */
  | { retryAt: number; error?: string }
  /**
   * Not run: its budget said no. The job goes back untouched (same run time, same place in line) and `lanes` are not
   * claimed again before `until`.
   */
  | { blocked: { until: number; lanes: readonly string[] } };

export type JobHandler = (job: Job) => Promise<JobOutcome>;

export interface JobRegistry {
  /** Every registered kind, in the order registered. */
  readonly kinds: readonly string[];
  handlerFor(kind: string): JobHandler | undefined;
}

/** A registry of `handlers` by kind; a kind registered twice is a programming error. */
export function createJobRegistry(
  ...groups: ReadonlyArray<Readonly<Record<string, JobHandler>>>
): JobRegistry {
  const handlers = new Map<string, JobHandler>();
  for (const group of groups) {
    for (const [kind, handler] of Object.entries(group)) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      handlers.set(kind, handler);
    }
  }
  return {
    kinds: [...handlers.keys()],
    handlerFor: (kind) => handlers.get(kind),
  };
}
