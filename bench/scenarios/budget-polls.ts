/**
 * The API budget under a shortfall (README "Watching shipments", the budget and its measured capacity): more near-
 * arrival watches than the budget can poll at their cadence, some in an urgent tier.
 *
 * Method. The watch service as shipped (defaults of src/watch/watch-config.ts: budget 50/min of an account quota of
 * 100/min, near-arrival cadence 15 min) on an embedded store, a tracking API answering in 0 ms from memory
 * (bench/lib/watch-world.ts), and a virtual clock stepped one second at a time with the worker's pass run at each
 * step, which is what the worker does when idle (it looks for due jobs every `pollIntervalMs`, 1 s), so a virtual
 * hour costs the CPU a real one would, without the waiting. The store is in /dev/shm: a commit's fsync on a disk
 * other processes share would stretch the wall time only. 2N shipments near arrival, a tenth of them held after
 * discharge (an urgent tier), the rest routine, all watched at once; one hour of warm-up, then six hours measured:
 * every read of a shipment (its time and tier), the plan's shortfall (`status()`, what `/healthz` and `shipwatch
 * status` report) and the warning line. N shipments likewise for two measured hours: bot CPU (this process: watch
 * service, store, 0 ms fakes) per virtual hour over the same two hours compared. Last, as many near-arrival watches as
 * the plan says fit (the capacity per account) for 1.5 virtual hours after 30 min: every poll within its cadence and
 * no shortfall reported.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from '../../src/logger.js';
import { createSlackNotifier } from '../../src/slack/delivery/slack-notifier.js';
import { createWatchService, defaultWatchConfig } from '../../src/watch/index.js';
import { nearShipment } from '../lib/near-book.js';
import { check, type Scenario } from '../lib/scenario.js';
import { maxInWindow, median, round } from '../lib/stats.js';
import { BenchTracking, PacedChat, temporaryStore } from '../lib/watch-world.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP_MS = 1_000;
const ACCOUNT_LIMIT = 100;
const N = 1_000;
const URGENT_SHARE = 0.1;
/** N and 2N are compared on CPU over the first two measured hours (N runs only those). */
const CPU_WINDOW_MS = 2 * HOUR;

interface BookRun {
  watched: number;
  urgent: number;
  measuredHours: number;
  urgentWorstRatio: number;
  /** The longest gap of any shipment ÷ the cadence (urgent or routine). */
  anyWorstRatio: number;
  routineWorstRatio: number;
  routineMedianGapMin: number;
  routineWorstGapMin: number;
  busiestMinute: number;
  meanPerMinute: number;
  shortfall: boolean;
  warned: boolean;
  neededPerMinute: number;
  plannedPerMinute: number;
  routineStretch: number;
  urgentStretch: number;
  cpuMsPerVirtualHour: number;
  /** The same over the first `cpuWindowMs` measured (what N and 2N are compared on). */
  cpuMsPerVirtualHourEarly: number;
  wallSeconds: number;
}

/**
 * Watches `count` shipments (`book(i)`), runs `warmupMs` then `measuredMs` of virtual time one step at a time, and
 * reports how the reads of the measured part kept to their cadence.
 */
async function runBook(
  count: number,
  book: (
    id: string,
    index: number,
    now: number,
  ) => { detail: ReturnType<typeof nearShipment>; urgent: boolean },
  warmupMs: number,
  measuredMs: number,
  cpuWindowMs: number,
  log: (line: string) => void,
): Promise<BookRun> {
  let now = Date.parse('2026-03-10T06:00:00Z');
  const clock = { now: () => new Date(now) };
  const temp = await temporaryStore(clock, { inMemoryDisk: true });
  const tracking = new BenchTracking(clock);
  const chat = new PacedChat(() => now);
  const config = defaultWatchConfig(ACCOUNT_LIMIT);
  const warnings: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn: (line) => warnings.push(line), error() {} };
  const service = createWatchService({
    store: temp.store,
    tracking,
    clock,
    logger,
    config,
    owner: 'bench-budget',
    accountId: 'bench-budget-account',
  });
  service.start({ notifier: createSlackNotifier(chat), loop: false });
  const started = performance.now();
  try {
    const urgentIds = new Set<string>();
    for (let i = 0; i < count; i += 1) {
      const id = `bud${i}`;
      const { detail, urgent } = book(id, i, now);
      if (urgent) urgentIds.add(id);
      tracking.shipments.set(id, detail);
      await service.watch({
        teamId: 'TBENCH',
        channelId: `CBUD${i % 20}`,
        userId: 'UBENCH',
        detail,
        cardTs: chat.card(),
        threadTs: null,
      });
    }
    log(`  ${count} watched in ${round((performance.now() - started) / 1000, 1)} s`);
    const start = now;
    const measureFrom = start + warmupMs;
    const end = measureFrom + measuredMs;
    let cpuAtMeasure = process.cpuUsage();
    let cpuEarly = 0;
    let readsAtMeasure = 0;
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    for (now = start; now <= end; now += STEP_MS) {
      if (now === measureFrom) {
        cpuAtMeasure = process.cpuUsage();
        readsAtMeasure = tracking.reads.length;
      }
      if (now === measureFrom + cpuWindowMs) cpuEarly = cpuMs(cpuAtMeasure);
      await service.runDue();
      if ((now - start) % HOUR === 0 && now > start)
        log(
          `  ${count}: ${(now - start) / HOUR} virtual h, ${tracking.reads.length} reads, ${round((performance.now() - started) / 1000, 1)} s`,
        );
    }
    now = end;
    const cpu = cpuMs(cpuAtMeasure);
    const status = await service.status();
    // Gaps between reads of a shipment, for reads in the measured part (the gap may start in the warm-up).
    const lastRead = new Map<string, number>();
    for (const read of tracking.reads.slice(0, readsAtMeasure)) lastRead.set(read.id, read.at);
    const measured = tracking.reads.slice(readsAtMeasure);
    let urgentWorst = 0;
    const routineGaps: number[] = [];
    for (const read of measured) {
      const previous = lastRead.get(read.id);
      lastRead.set(read.id, read.at);
      if (previous === undefined) continue;
      const gap = read.at - previous;
      if (urgentIds.has(read.id)) urgentWorst = Math.max(urgentWorst, gap);
      else routineGaps.push(gap);
    }
    // A shipment not read for longer than its cadence at the end is late too.
    for (const id of urgentIds) urgentWorst = Math.max(urgentWorst, end - (lastRead.get(id) ?? start));
    const cadence = config.cadenceMs.near ?? 15 * MINUTE;
    const routineMedian = median(routineGaps);
    const routineWorst = routineGaps.reduce((worst, gap) => Math.max(worst, gap), 0);
    return {
      watched: count,
      urgent: urgentIds.size,
      measuredHours: measuredMs / HOUR,
      urgentWorstRatio: round(urgentWorst / cadence, 3),
      anyWorstRatio: round(Math.max(urgentWorst, routineWorst) / cadence, 3),
      routineWorstRatio: routineGaps.length === 0 ? Number.NaN : round(routineWorst / routineMedian, 3),
      routineMedianGapMin: round(routineMedian / MINUTE, 1),
      routineWorstGapMin: round(routineWorst / MINUTE, 1),
      busiestMinute: maxInWindow(
        measured.map((read) => read.at),
        MINUTE,
      ),
      meanPerMinute: round(measured.length / (measuredMs / MINUTE), 1),
      shortfall: status.polls.shortfall,
      warned: warnings.some((line) => line.startsWith('watch: polls need more than the API budget')),
      neededPerMinute: status.polls.neededPerMinute,
      plannedPerMinute: status.polls.plannedPerMinute,
      routineStretch: status.polls.stretch.routine,
      urgentStretch: status.polls.stretch.urgent,
      cpuMsPerVirtualHour: round(cpu / (measuredMs / HOUR), 1),
      cpuMsPerVirtualHourEarly: round(cpuEarly / (cpuWindowMs / HOUR), 1),
      wallSeconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    await service.stop();
    await temp.dispose();
  }
}

const nearBook = (id: string, index: number, now: number) => {
  const urgent = index % Math.round(1 / URGENT_SHARE) === 0;
  return { detail: nearShipment(id, urgent, now), urgent };
};

/** Polls per minute one shipment of the mixed book needs, on average (for the capacity row). */
function mixedPerMinute(cadence: ReturnType<typeof defaultWatchConfig>['cadenceMs']): number {
  const per = (ms: number | null) => (ms === null ? 0 : MINUTE / ms);
  return (2 * per(cadence.near) + 7 * per(cadence.far) + per(cadence.detention)) / 10;
}

export const budgetPollsScenario: Scenario = {
  id: 'budget-polls',
  title: 'API budget: near-arrival watches past the budget, urgent first (virtual time)',
  method:
    `Watch service as shipped (budget ${defaultWatchConfig(ACCOUNT_LIMIT).budgetPerMinute}/min of ${ACCOUNT_LIMIT}/min, ` +
    'near cadence 15 min), embedded store, 0 ms tracking API, virtual clock stepped 1 s with the worker pass at each ' +
    `step. ${N} and ${2 * N} near-arrival watches (a tenth held after discharge: urgent), 1 h warm-up, 6 h measured: ` +
    'gaps between reads per shipment, busiest rolling minute, the shortfall in status() and the log, process CPU per ' +
    'virtual hour. Then the planned capacity of near-arrival watches for 2 h: every poll within its cadence.',
  async run(ctx) {
    const small = await runBook(N, nearBook, HOUR, CPU_WINDOW_MS, CPU_WINDOW_MS, ctx.log);
    ctx.log(`  ${N}: ${JSON.stringify(small)}`);
    const large = await runBook(2 * N, nearBook, HOUR, 6 * HOUR, CPU_WINDOW_MS, ctx.log);
    ctx.log(`  ${2 * N}: ${JSON.stringify(large)}`);
    const config = defaultWatchConfig(ACCOUNT_LIMIT);
    const cadence = config.cadenceMs.near ?? 15 * MINUTE;
    // What the plan lets polls use (status().polls.plannedPerMinute), in shipments at each book's cadence.
    const planned = large.plannedPerMinute;
    const nearCapacity = Math.floor(planned / (MINUTE / cadence));
    const mixedCapacity = Math.floor(planned / mixedPerMinute(config.cadenceMs));
    const fit = await runBook(nearCapacity, nearBook, HOUR / 2, 1.5 * HOUR, 1.5 * HOUR, ctx.log);
    ctx.log(`  capacity ${nearCapacity}: ${JSON.stringify(fit)}`);
    const cpuRatio = round(large.cpuMsPerVirtualHourEarly / small.cpuMsPerVirtualHourEarly, 2);
    const row = (run: BookRun) => [
      `${run.watched} near (${run.urgent} urgent), ${run.measuredHours} h`,
      run.urgentWorstRatio,
      run.routineWorstRatio,
      `${run.routineMedianGapMin} / ${run.routineWorstGapMin}`,
      run.busiestMinute,
      run.meanPerMinute,
      `${run.neededPerMinute} / ${run.plannedPerMinute}${run.shortfall ? ' shortfall' : ''}${run.warned ? ' (warned)' : ''}`,
      `${run.urgentStretch} / ${run.routineStretch}`,
      run.cpuMsPerVirtualHour,
      run.wallSeconds,
    ];
    return {
      table: {
        headers: [
          'run',
          'urgent worst gap ×cadence',
          'routine worst ÷ median gap',
          'routine median / worst gap min',
          'busiest minute',
          'mean /min',
          'needed / planned per min',
          'stretch urgent / routine',
          'CPU ms per virtual h',
          'wall s',
        ],
        rows: [row(small), row(large), row(fit)],
      },
      figures: { small, large, fit, cpuRatio, nearCapacity, mixedCapacity },
      notes: [
        `bot CPU per virtual hour over the first ${CPU_WINDOW_MS / HOUR} measured hours: ${small.cpuMsPerVirtualHourEarly} ms with ${N} watches, ${large.cpuMsPerVirtualHourEarly} ms with ${2 * N}; ratio ${cpuRatio}`,
        `capacity per account at the default quota (${ACCOUNT_LIMIT}/min, budget ${config.budgetPerMinute}/min): ` +
          `${nearCapacity} near-arrival shipments (15 min), ${mixedCapacity} in a mixed book (2 near : 7 at sea : 1 in detention)`,
      ],
      checks: [
        check(
          `${2 * N}: urgent polls, worst gap ÷ cadence`,
          large.urgentWorstRatio,
          '×',
          '≤ 1.1',
          (v) => v <= 1.1,
        ),
        check(
          `${2 * N}: routine gaps, worst ÷ median`,
          large.routineWorstRatio,
          '×',
          '≤ 1.5',
          (v) => v <= 1.5,
        ),
        check(
          `${2 * N}: busiest minute`,
          large.busiestMinute,
          'req',
          `≤ ${config.budgetPerMinute} (budget)`,
          (v) => v <= config.budgetPerMinute,
        ),
        check(
          `${2 * N}: shortfall reported (status and one warning)`,
          large.shortfall && large.warned ? 1 : 0,
          '',
          '1 (yes)',
          (v) => v === 1,
        ),
        check(`bot CPU per virtual hour, ${2 * N} ÷ ${N}`, cpuRatio, '×', '≤ 1.3 (flat)', (v) => v <= 1.3),
        check(
          `capacity (${nearCapacity} near): worst gap ÷ cadence, no shortfall`,
          fit.shortfall ? Number.POSITIVE_INFINITY : fit.anyWorstRatio,
          '×',
          '≤ 1.1',
          (v) => v <= 1.1,
        ),
      ],
    };
  },
};
