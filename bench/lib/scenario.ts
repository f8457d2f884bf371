/** The contract every bench/scenarios/*.ts file implements, and what run.ts records for it in results.json. */
import type { Cell } from './table.js';

export interface Check {
  label: string;
  value: number | null;
  unit: string;
  /** Human-readable target, e.g. `< 20 ms`. */
  target: string;
  /** null: not measured (a dependency is missing). */
  pass: boolean | null;
}

export interface ScenarioOutput {
  table: { headers: string[]; rows: Cell[][] } | null;
  figures: Record<string, unknown>;
  checks: Check[];
  /** Anything a reader must know to interpret the figures (e.g. where a target is unreachable by the baseline too). */
  notes?: string[];
}

export interface ScenarioContext {
  signingSecret: string;
  /** Progress lines (stderr), so stdout stays the table. */
  log(line: string): void;
}

export interface Scenario {
  id: string;
  title: string;
  /** How it is measured, in a few sentences; copied into results.json. */
  method: string;
  run(ctx: ScenarioContext): Promise<ScenarioOutput>;
}

export interface ScenarioResult extends ScenarioOutput {
  id: string;
  title: string;
  method: string;
  status: 'ok' | 'skipped' | 'failed';
  reason: string | null;
  durationMs: number;
  /** 1-minute load average before and after: other work on the machine skews latency figures (ratios less so). */
  loadAverage: { before: number; after: number };
}

export function check(
  label: string,
  value: number | null,
  unit: string,
  target: string,
  pass: (value: number) => boolean,
): Check {
  return { label, value, unit, target, pass: value === null || Number.isNaN(value) ? null : pass(value) };
}
