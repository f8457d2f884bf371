/**
 * `node bin/run-ts.js bench/profile.ts [--bot cached|uncached|baseline] [--store] [--concurrency 16] [--seconds 5]
 * [--latency 0]`
 *
 * Runs one bot under the throughput scenario's closed-loop load (world forked, bot in this process) with V8's CPU
 * profiler on, then prints the functions with the most self time, grouped by package, and writes the profile to
 * bench/profiles/ (open it in Chrome DevTools). It also prints the bot's GC pauses and event-loop delay over the run,
 * the usual suspects for an ack-latency tail. This is how the misses in the performance table get their causes.
 * `--store` gives the bot an embedded store in a temporary folder, as `shipwatch start` does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { systemClock } from '../src/clock.js';
import { silentLogger } from '../src/logger.js';
import { startBaselineBot } from './lib/baseline-bot.js';
import { baselineCommandPlans, shipmentCommandPlans } from './lib/demo-plans.js';
import { measureRun } from './lib/measure-run.js';
import { startShipwatchBot } from './lib/shipwatch-bot.js';
import { forkWorld } from './lib/world-client.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const { values } = parseArgs({
  options: {
    bot: { type: 'string', default: 'cached' },
    concurrency: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '5' },
    top: { type: 'string', default: '40' },
    latency: { type: 'string', default: '0' },
    /** Sample allocations (bytes allocated per function) instead of CPU time. */
    alloc: { type: 'boolean', default: false },
    store: { type: 'boolean', default: false },
  },
});
const signingSecret = 'bench-signing-secret';
const world = await forkWorld();
const trackingUrl = await world.startSimulator({ latencyMs: Number(values.latency) });
const dataDir = values.store ? mkdtempSync(join(tmpdir(), 'shipwatch-profile-')) : null;
const store = dataDir
  ? await (await import('../src/store/index.js')).openStore({
      dataDir,
      clock: systemClock,
      logger: silentLogger,
    })
  : null;
const bot =
  values.bot === 'baseline'
    ? await startBaselineBot({ signingSecret, slackApiUrl: world.slackApiUrl, command: '/shipment' })
    : await startShipwatchBot({
        signingSecret,
        slackApiUrl: world.slackApiUrl,
        trackingUrl,
        cacheTtlMs: values.bot === 'uncached' ? 0 : 30_000,
        rateLimitPerMinute: 0,
        ...(store ? { store } : {}),
      });
const session = new Session();
session.connect();
try {
  const run = (measureMs: number, runId: string) =>
    measureRun(world, {
      botUrl: bot.url,
      signingSecret,
      concurrency: Number(values.concurrency),
      warmupMs: 500,
      measureMs,
      plans: values.bot === 'baseline' ? baselineCommandPlans() : shipmentCommandPlans(),
      runId,
    });
  await run(1500, 'warm');
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  if (values.alloc) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const pauses: number[] = [];
  const kinds = new Map<number, number>();
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.push(entry.duration);
      // SAFETY: Node puts { kind } (a NODE_PERFORMANCE_GC_* flag) in the detail of every gc entry.
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      kinds.set(kind, (kinds.get(kind) ?? 0) + entry.duration);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  const figures = await run(Number(values.seconds) * 1000, 'profiled');
  loopDelay.disable();
  gcObserver.disconnect();
  const { profile } = await session.post('Profiler.stop');
  const allocations = values.alloc ? (await session.post('HeapProfiler.stopSampling')).profile : null;
  const dir = fileURLToPath(new URL('./profiles/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${values.bot}${store ? '-store' : ''}-c${values.concurrency}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  console.log(
    `${values.bot}: ${figures.result.throughput.toFixed(0)} cmds/s, ${figures.cpuMsPerCommand.toFixed(3)} ms CPU/cmd, ` +
      `ack p99 ${figures.result.ackMs.p99.toFixed(1)} ms; profile: ${file}`,
  );
  const sorted = pauses.sort((a, b) => b - a);
  console.log(
    `gc: ${pauses.length} pauses, ${pauses.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms in all, longest ` +
      `${sorted
        .slice(0, 5)
        .map((ms) => ms.toFixed(1))
        .join(' / ')} ms; event-loop delay p50 ` +
      `${(loopDelay.percentile(50) / 1e6).toFixed(1)} p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} max ` +
      `${(loopDelay.max / 1e6).toFixed(1)} ms; ms by kind (1 minor, 2 major, 4 incremental, 8 weak) ${JSON.stringify([...kinds].map(([k, ms]) => [k, Math.round(ms)]))}`,
  );
  if (allocations)
    summarizeAllocations(allocations.head, figures.result.intents + figures.result.warmupIntents);
  else summarize(profile.nodes as ProfileNode[], Number(values.top));
} finally {
  session.disconnect();
  await bot.stop();
  await world.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

function summarize(nodes: ProfileNode[], top: number): void {
  const total = nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = shorten(url);
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const print = (title: string, map: Map<string, number>, limit: number) => {
    console.log(`\n${title}`);
    for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, limit))
      console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  };
  print('self time by package', byPackage, 25);
  print('self time by function', byFunction, top);
}

function shorten(url: string): string {
  return url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/main\//, '');
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0] ?? url;
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match?.[1]) return match[1];
  const src = /\/(src|bench)\/([^/]+)/.exec(url);
  return src ? `${src[1]}/${src[2]}` : url;
}

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/** Bytes allocated per command, by package and by function (V8's sampling heap profiler, objects since collected included). */
function summarizeAllocations(head: AllocationNode, commands: number): void {
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const walk = (node: AllocationNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.selfSize);
    const key = `${functionName || '(anonymous)'} ${shorten(url)}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(head);
  const total = [...byPackage.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`\nallocated ${(total / commands / 1024).toFixed(0)} KB per command`);
  for (const [title, map] of [
    ['by package', byPackage],
    ['by function', byFunction],
  ] as const) {
    console.log(`\n${title} (KB per command)`);
    for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`${(bytes / commands / 1024).toFixed(1).padStart(7)}  ${key}`);
  }
}
