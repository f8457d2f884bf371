/**
 * `node bin/run-ts.js bench/profile.ts [--bot cached|uncached|baseline] [--concurrency 16] [--seconds 5]`
 *
 * Runs one bot under the throughput scenario's closed-loop load (world forked, bot in this process) with V8's CPU
 * profiler on, then prints the functions with the most self time, grouped by package, and writes the profile to
 * bench/profiles/ (open it in Chrome DevTools). This is how the misses in the performance table get their causes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
  },
});
const signingSecret = 'bench-signing-secret';
const world = await forkWorld();
const trackingUrl = await world.startSimulator({ latencyMs: 0 });
const bot =
  values.bot === 'baseline'
    ? await startBaselineBot({ signingSecret, slackApiUrl: world.slackApiUrl, command: '/shipment' })
    : await startShipwatchBot({
        signingSecret,
        slackApiUrl: world.slackApiUrl,
        trackingUrl,
        cacheTtlMs: values.bot === 'uncached' ? 0 : 30_000,
        rateLimitPerMinute: 0,
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
  const figures = await run(Number(values.seconds) * 1000, 'profiled');
  const { profile } = await session.post('Profiler.stop');
  const dir = fileURLToPath(new URL('./profiles/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = `${dir}${values.bot}-c${values.concurrency}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  console.log(
    `${values.bot}: ${figures.result.throughput.toFixed(0)} cmds/s, ${figures.cpuMsPerCommand.toFixed(3)} ms CPU/cmd, ` +
      `ack p99 ${figures.result.ackMs.p99.toFixed(1)} ms; profile: ${file}`,
  );
  summarize(profile.nodes as ProfileNode[], Number(values.top));
} finally {
  session.disconnect();
  await bot.stop();
  await world.close();
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
