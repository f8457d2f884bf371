/**
 * "The world" around the bot under test: the fake Slack that receives its posts (the tests' fake in its speed-tuned
 * mode: forgetful, unrecorded, lean answers), the tracking API simulator it reads from (over loopback), and the load
 * generator that plays Slack's side. It runs in-process for small measurements and
 * in a forked process for load (world-process.ts), so the bot's event loop is not shared with the load it serves;
 * there the simulator gets a process of its own too (simulator-process.ts), so the acks the load generator times are
 * never queued behind API answers being built in the same loop.
 */
import { fileURLToPath } from 'node:url';
import { startFakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import { createCompletionTracker } from './completion-tracker.js';
import { forkIpcChild } from './ipc-child.js';
import { runLoad } from './load-generator.js';
import type { LoadResult, LoadSpec } from './load-plan.js';

export interface SimulatorSetup {
  latencyMs?: number;
  rateLimitPerMinute?: number;
}

export interface UpstreamCounts {
  total: number;
  byStatus: Record<string, number>;
  /** Requests that change something (POST/PATCH/PUT/DELETE). */
  writes: number;
  byRoute: Record<string, number>;
}

export interface World {
  slackApiUrl: string;
  slackResponseUrl(id: string): string;
  /** (Re)starts the simulator on a fresh loopback port; resolves to its base URL (`…/v2`). */
  startSimulator(setup: SimulatorSetup): Promise<string>;
  upstreamCounts(): Promise<UpstreamCounts>;
  resetUpstream(): Promise<void>;
  slackCounts(): Promise<Record<string, number>>;
  /** CPU time the world has used (µs), to check that a run measured the bot and not the load generator. */
  cpuUsage(): Promise<{ user: number; system: number }>;
  runLoad(spec: LoadSpec): Promise<LoadResult>;
  close(): Promise<void>;
}

type UpstreamRequests = ReadonlyArray<{ method: string; path: string; status: number }>;

interface SimulatorHandle {
  requests(): Promise<UpstreamRequests>;
  resetRequests(): Promise<void>;
  cpuUsage(): Promise<{ user: number; system: number }>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Default true; false runs the simulator in a child process (the forked world does). */
  simulatorInProcess?: boolean;
}

export async function createWorld(options: WorldOptions = {}): Promise<World> {
  // Nothing kept or recorded (long runs would hold every card), and chat.* answers without the echoed card.
  const slack = await startFakeSlackApi({ memory: 'forgetful', record: false, leanAnswers: true });
  const tracker = createCompletionTracker();
  slack.onCall((call) => tracker.handle(call));
  let simulator: SimulatorHandle | null = null;
  const start = options.simulatorInProcess === false ? startSimulatorProcess : startSimulatorHere;

  return {
    slackApiUrl: slack.url,
    slackResponseUrl: (id) => slack.responseUrls.urlFor(id),
    async startSimulator(setup) {
      await simulator?.close();
      const started = await start(setup);
      simulator = started.handle;
      return started.url;
    },
    async upstreamCounts() {
      return countUpstream((await simulator?.requests()) ?? []);
    },
    async resetUpstream() {
      await simulator?.resetRequests();
    },
    async slackCounts() {
      return slack.counts();
    },
    async cpuUsage() {
      // The world's CPU includes its simulator's, wherever that runs: the bench checks the world was not saturated.
      const own = process.cpuUsage();
      const sim = simulator && options.simulatorInProcess === false ? await simulator.cpuUsage() : null;
      return sim ? { user: own.user + sim.user, system: own.system + sim.system } : own;
    },
    runLoad: (spec) => runLoad(spec, slack, tracker),
    async close() {
      await simulator?.close();
      await slack.close();
    },
  };
}

async function startSimulatorHere(setup: SimulatorSetup): Promise<{ url: string; handle: SimulatorHandle }> {
  const { createSimulator } = await import('../../src/simulator/index.js');
  const sim = createSimulator({
    ...(setup.latencyMs ? { latencyMs: setup.latencyMs } : {}),
    ...(setup.rateLimitPerMinute ? { rateLimitPerMinute: setup.rateLimitPerMinute } : {}),
  });
  const running = await sim.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: running.url,
    handle: {
      requests: async () => sim.requests,
      resetRequests: async () => sim.resetRequests(),
      cpuUsage: async () => process.cpuUsage(),
      close: () => running.close(),
    },
  };
}

async function startSimulatorProcess(
  setup: SimulatorSetup,
): Promise<{ url: string; handle: SimulatorHandle }> {
  const entry = fileURLToPath(new URL('./simulator-process.ts', import.meta.url));
  const child = await forkIpcChild<unknown>(entry, 'simulator');
  const url = await child.call<string>('start', setup);
  return {
    url,
    handle: {
      requests: () => child.call('requests'),
      resetRequests: () => child.call('reset'),
      cpuUsage: () => child.call('cpuUsage'),
      close: () => child.close(),
    },
  };
}

export function countUpstream(
  requests: ReadonlyArray<{ method: string; path: string; status: number }>,
): UpstreamCounts {
  const counts: UpstreamCounts = { total: 0, byStatus: {}, writes: 0, byRoute: {} };
  for (const request of requests) {
    counts.total += 1;
    counts.byStatus[request.status] = (counts.byStatus[request.status] ?? 0) + 1;
    if (request.method !== 'GET' && request.method !== 'HEAD') counts.writes += 1;
    const route = `${request.method} ${routeOf(request.path)}`;
    counts.byRoute[route] = (counts.byRoute[route] ?? 0) + 1;
  }
  return counts;
}

/** `/v2/shipments/7f3c…` → `/shipments/:id` (segments with digits or dashes are ids), so counts group by endpoint. */
export function routeOf(path: string): string {
  const parts = path
    .replace(/^\/v2(?=\/)/, '')
    .split('/')
    .map((part, index) => (index >= 2 && /[\d-]/.test(part) ? ':id' : part));
  return parts.slice(0, 4).join('/');
}
