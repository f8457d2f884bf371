/**
 * The parent side of the forked world: the same World interface, each call sent over IPC to world-process.ts.
 * Forking keeps the load generator and the fake Slack off the bot's event loop (and the world runs its simulator in a
 * process of its own), so on this 2-core machine the bot gets one core and the world the other.
 */
import { fileURLToPath } from 'node:url';
import { forkIpcChild } from './ipc-child.js';
import type { World } from './world.js';

const ENTRY = fileURLToPath(new URL('./world-process.ts', import.meta.url));

export async function forkWorld(): Promise<World> {
  const child = await forkIpcChild<{ slackApiUrl: string; responseUrlPrefix: string }>(ENTRY, 'world');
  const { call, hello } = child;
  return {
    slackApiUrl: hello.slackApiUrl,
    slackResponseUrl: (id) => `${hello.responseUrlPrefix}${encodeURIComponent(id)}`,
    startSimulator: (setup) => call('startSimulator', setup),
    upstreamCounts: () => call('upstreamCounts'),
    resetUpstream: () => call('resetUpstream'),
    slackCounts: () => call('slackCounts'),
    cpuUsage: () => call('cpuUsage'),
    runLoad: (spec) => call('runLoad', spec),
    close: () => child.close(),
  };
}
