/**
 * The parent side of the forked world: the same World interface, each call sent over IPC to world-process.ts.
 * Forking keeps the load generator, the fake Slack and the simulator off the bot's event loop; on this 2-core machine
 * the bot gets one core and the world the other.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { World } from './world.js';

const RUN_TS = fileURLToPath(new URL('../../bin/run-ts.js', import.meta.url));
const ENTRY = fileURLToPath(new URL('./world-process.ts', import.meta.url));

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export async function forkWorld(): Promise<World> {
  const child: ChildProcess = fork(RUN_TS, [ENTRY], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  const hello = await new Promise<{ slackApiUrl: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`world process exited early (${code})`)));
    child.once('message', (reply: Reply) => {
      // SAFETY: the first message world-process.ts sends is its hello with the fake Slack's URL.
      resolve(reply.value as { slackApiUrl: string });
    });
  });
  child.removeAllListeners('exit');
  child.on('message', (reply: Reply) => {
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve(reply.value);
    else entry.reject(new Error(reply.error ?? 'world operation failed'));
  });
  child.on('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error('world process exited'));
    waiting.clear();
  });

  const call = <T>(op: string, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      // SAFETY: each operation's reply value is the resolved value of the World method of the same name.
      waiting.set(id, { resolve: (value) => resolve(value as T), reject });
      child.send({ id, op, args });
    });

  const origin = hello.slackApiUrl.replace(/\/api\/$/, '');
  return {
    slackApiUrl: hello.slackApiUrl,
    slackResponseUrl: (id) => `${origin}/respond/${encodeURIComponent(id)}`,
    startSimulator: (setup) => call('startSimulator', setup),
    upstreamCounts: () => call('upstreamCounts'),
    resetUpstream: () => call('resetUpstream'),
    slackCounts: () => call('slackCounts'),
    cpuUsage: () => call('cpuUsage'),
    runLoad: (spec) => call('runLoad', spec),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null) child.kill();
    },
  };
}
