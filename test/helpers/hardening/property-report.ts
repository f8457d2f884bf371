/**
 * fast-check reporting for batch properties. The default report prints the whole counterexample — 25 cases, some
 * with 20 kB of text — which buries the finding; the property's own assertion already lists each failing case,
 * abbreviated, with its problems. This reporter keeps that message and the seed needed to replay the run.
 */
import type { RunDetails } from 'fast-check';

/** Throws the property's own failure message plus the replay seed; silent on success. */
export function conciseReport<T>(details: RunDetails<T>): void {
  if (!details.failed) return;
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} batch(es) — replay with FC_SEED=${details.seed} (path ${details.counterexamplePath ?? '?'}).\n${cause}`,
  );
}

/** FC_SEED=<n> replays a run, FC_SEED=random explores, unset uses `fixed` so CI runs are reproducible. */
export function seedFromEnvironment(value: string | undefined, fixed: number): number {
  if (value === undefined || value === '') return fixed;
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  const parsed = Number(value);
  return Number.isInteger(parsed) ? parsed : fixed;
}
