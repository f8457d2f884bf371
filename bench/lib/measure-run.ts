/**
 * One load run against one bot, with the accounting every throughput figure needs: the load result, upstream
 * requests per command, CPU time of the bot (this process) per command, and how busy the bot and the world were —
 * a run where the world (load generator, fakes) is near a full core measured the world, not the bot.
 */
import { performance } from 'node:perf_hooks';
import type { LoadResult, RequestPlan } from './load-plan.js';
import type { World } from './world.js';

export interface RunFigures {
  result: LoadResult;
  upstreamPerCommand: number;
  /** CPU time of the bot's process per command served (warm-up included): robust to other load on the machine. */
  cpuMsPerCommand: number;
  /** Share of one core used over the run (warm-up included) by the bot and by the world. */
  botCpu: number;
  worldCpu: number;
}

export interface RunOptions {
  botUrl: string;
  /** Several bot origins, round-robin (see LoadSpec). */
  spreadOver?: string[];
  signingSecret: string;
  concurrency: number;
  warmupMs: number;
  measureMs: number;
  plans: RequestPlan[];
  runId: string;
}

export async function measureRun(world: World, options: RunOptions): Promise<RunFigures> {
  await world.resetUpstream();
  const cpuBefore = process.cpuUsage();
  const worldBefore = await world.cpuUsage();
  const wallBefore = performance.now();
  const result = await world.runLoad({
    botUrl: options.botUrl,
    ...(options.spreadOver ? { spreadOver: options.spreadOver } : {}),
    signingSecret: options.signingSecret,
    concurrency: options.concurrency,
    maxIntents: 50_000,
    durationMs: options.measureMs,
    warmupMs: options.warmupMs,
    completionTimeoutMs: 10_000,
    plans: options.plans,
    runId: options.runId,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const worldAfter = await world.cpuUsage();
  const wallUs = (performance.now() - wallBefore) * 1000;
  const served = Math.max(1, result.intents + result.warmupIntents);
  const upstream = await world.upstreamCounts();
  return {
    result,
    // Warm-up requests reach the API too, so divide by every intent sent, not only the measured ones.
    upstreamPerCommand: upstream.total / served,
    cpuMsPerCommand: (cpu.user + cpu.system) / 1000 / served,
    botCpu: (cpu.user + cpu.system) / wallUs,
    worldCpu: (worldAfter.user + worldAfter.system - worldBefore.user - worldBefore.system) / wallUs,
  };
}
