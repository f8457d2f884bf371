/**
 * "The world" around the bot under test: the fake Slack that receives its posts, the tracking API simulator it reads
 * from (over loopback), and the load generator that plays Slack's side. It runs in-process for small measurements and
 * in a forked process for load (world-process.ts), so the bot's event loop is not shared with the load it serves.
 */
import { createCompletionTracker } from './completion-tracker.js';
import { startFakeSlack } from './fake-slack.js';
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

interface SimulatorHandle {
  requests: ReadonlyArray<{ method: string; path: string; status: number }>;
  resetRequests(): void;
  close(): Promise<void>;
}

export async function createWorld(): Promise<World> {
  const slack = await startFakeSlack();
  const tracker = createCompletionTracker();
  slack.onCall((call) => tracker.handle(call));
  let simulator: SimulatorHandle | null = null;

  return {
    slackApiUrl: slack.apiUrl,
    slackResponseUrl: (id) => slack.responseUrl(id),
    async startSimulator(setup) {
      await simulator?.close();
      const { createSimulator } = await import('../../src/simulator/index.js');
      const sim = createSimulator({
        ...(setup.latencyMs ? { latencyMs: setup.latencyMs } : {}),
        ...(setup.rateLimitPerMinute ? { rateLimitPerMinute: setup.rateLimitPerMinute } : {}),
      });
      const running = await sim.listen({ host: '127.0.0.1', port: 0 });
      simulator = {
        requests: sim.requests,
        resetRequests: () => sim.resetRequests(),
        close: () => running.close(),
      };
      return running.url;
    },
    async upstreamCounts() {
      return countUpstream(simulator?.requests ?? []);
    },
    async resetUpstream() {
      simulator?.resetRequests();
    },
    async slackCounts() {
      return slack.counts();
    },
    async cpuUsage() {
      return process.cpuUsage();
    },
    runLoad: (spec) => runLoad(spec, slack, tracker),
    async close() {
      await simulator?.close();
      await slack.close();
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
