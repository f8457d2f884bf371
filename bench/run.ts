/**
 * `npm run bench`: runs every scenario in bench/scenarios/ one after another on loopback, prints one table per
 * scenario and a summary of targets, and writes bench/results.json (figures, machine, date, method).
 *
 * Flags: `--only id,id` runs a subset; `--max-seconds N` replaces the watchdog's budget (a machine loaded by other work). A partial run, or one where a scenario failed, writes nothing unless
 * `--write` is given, so it never replaces the committed figures. A watchdog ends the run if it ever exceeds its time budget.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineInfo } from './lib/machine.js';
import type { Scenario, ScenarioResult } from './lib/scenario.js';
import { formatTable } from './lib/table.js';
import { botTimeScenario } from './scenarios/bot-time.js';
import { budgetMinimalScenario } from './scenarios/budget-minimal.js';
import { budgetPollsScenario } from './scenarios/budget-polls.js';
import { budgetSlackScenario } from './scenarios/budget-slack.js';
import { budgetWebhooksScenario } from './scenarios/budget-webhooks.js';
import { costLadderScenario } from './scenarios/cost-ladder.js';
import { footprintScenario } from './scenarios/footprint.js';
import { homeScaleScenario } from './scenarios/home-scale.js';
import { leakScenario } from './scenarios/leak.js';
import { quotaScenario } from './scenarios/quota.js';
import { renderingScenario } from './scenarios/rendering.js';
import { replicaReadsScenario } from './scenarios/replica-reads.js';
import { replicasScenario } from './scenarios/replicas.js';
import { storeScenario } from './scenarios/store.js';
import { storeInBotScenario } from './scenarios/store-in-bot.js';
import { subscriptionsQuietScenario } from './scenarios/subscriptions-quiet.js';
import { throughputScenario } from './scenarios/throughput.js';
import { upstreamScenario } from './scenarios/upstream-requests.js';
import { watchScenario } from './scenarios/watch.js';
import { watchingScaleScenario } from './scenarios/watching-scale.js';
import { webhookIntakeScenario } from './scenarios/webhook-intake.js';

// The watch scenario, store-bot, replicas, watching-scale, replica-reads and webhook-intake each add about a minute;
// the four budget scenarios about ten.
const BUDGET_MS = 1_500_000;
const RESULTS = fileURLToPath(new URL('./results.json', import.meta.url));
const SCENARIOS: Scenario[] = [
  throughputScenario,
  botTimeScenario,
  costLadderScenario,
  upstreamScenario,
  renderingScenario,
  footprintScenario,
  leakScenario,
  quotaScenario,
  storeScenario,
  watchScenario,
  storeInBotScenario,
  replicasScenario,
  watchingScaleScenario,
  homeScaleScenario,
  replicaReadsScenario,
  webhookIntakeScenario,
  budgetPollsScenario,
  budgetWebhooksScenario,
  budgetSlackScenario,
  budgetMinimalScenario,
  subscriptionsQuietScenario,
];

const { values } = parseArgs({
  options: { only: { type: 'string' }, write: { type: 'boolean' }, 'max-seconds': { type: 'string' } },
});
const budgetMs = values['max-seconds'] ? Number(values['max-seconds']) * 1000 : BUDGET_MS;
const only = values.only?.split(',').map((id) => id.trim());
const selected = only ? SCENARIOS.filter((scenario) => only.includes(scenario.id)) : SCENARIOS;
const log = (line: string) => process.stderr.write(`${line}\n`);

const watchdog = setTimeout(() => {
  log(`bench: exceeded its ${budgetMs / 1000} s budget; stopping`);
  process.exit(1);
}, budgetMs);
watchdog.unref();

const startedAt = new Date();
const results: ScenarioResult[] = [];
for (const scenario of selected) {
  log(`== ${scenario.id}: ${scenario.title}`);
  const started = performance.now();
  const before = loadavg()[0] ?? 0;
  if (before > cpus().length)
    log(`   note: machine busy (load average ${before.toFixed(1)} on ${cpus().length} cores)`);
  const base = { id: scenario.id, title: scenario.title, method: scenario.method };
  const loadAverage = () => ({
    before: Math.round(before * 10) / 10,
    after: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  });
  try {
    const output = await scenario.run({ signingSecret: 'bench-signing-secret', log });
    results.push({
      ...base,
      ...output,
      status: 'ok',
      reason: null,
      durationMs: performance.now() - started,
      loadAverage: loadAverage(),
    });
  } catch (error) {
    const missing = missingModule(error);
    const reason = missing
      ? `not available yet: ${missing}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    log(`   ${missing ? 'skipped' : 'FAILED'}: ${reason}`);
    results.push({
      ...base,
      table: null,
      figures: {},
      checks: [],
      status: missing ? 'skipped' : 'failed',
      reason,
      durationMs: performance.now() - started,
      loadAverage: loadAverage(),
    });
  }
}

for (const result of results) {
  const { before, after } = result.loadAverage;
  process.stdout.write(
    `\n${result.title} [${result.status}, ${(result.durationMs / 1000).toFixed(1)} s, load avg ${before} → ${after}]\n`,
  );
  if (result.table) process.stdout.write(`${formatTable(result.table.headers, result.table.rows)}\n`);
  for (const note of result.notes ?? []) process.stdout.write(`note: ${note}\n`);
  if (result.reason) process.stdout.write(`${result.reason.split('\n')[0]}\n`);
}
const checks = results.flatMap((result) => result.checks.map((c) => ({ scenario: result.id, ...c })));
process.stdout.write('\nTargets\n');
process.stdout.write(
  `${formatTable(
    ['scenario', 'measure', 'value', 'unit', 'target', 'result'],
    checks.map((c) => [
      c.scenario,
      c.label,
      c.value,
      c.unit,
      c.target,
      c.pass === null ? 'n/a' : c.pass ? 'met' : 'MISSED',
    ]),
  )}\n`,
);

const failed = results.some((result) => result.status === 'failed');
if (failed && !values.write)
  log('bench: a scenario failed; bench/results.json left as it was (use --write to replace it)');
if ((!only && !failed) || values.write) {
  const document = {
    generatedAt: startedAt.toISOString(),
    totalSeconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
    machine: machineInfo(),
    method:
      'All traffic on 127.0.0.1 with OS-picked ports. Each scenario is bounded in count and time; its own method is ' +
      'below. Ratios compare against a baseline measured in the same run. Percentiles are nearest-rank.',
    checks,
    scenarios: results,
  };
  writeFileSync(RESULTS, `${JSON.stringify(document, null, 2)}\n`);
  log(`bench: wrote ${RESULTS}`);
}
process.exitCode = failed ? 1 : 0;

/** The module a failed dynamic import was looking for, when that is why a scenario could not run. */
function missingModule(error: unknown): string | null {
  if (!(error instanceof Error) || !('code' in error) || error.code !== 'ERR_MODULE_NOT_FOUND') return null;
  const match = /Cannot find module '([^']+)'/.exec(error.message);
  return match?.[1]?.replace(/^.*\/(src\/)/, '$1') ?? error.message;
}
