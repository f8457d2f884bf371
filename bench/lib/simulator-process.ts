/**
 * The tracking API simulator in a process of its own, for the forked world (world.ts, `simulatorInProcess: false`):
 * started with its setup, it reports its URL, the requests it answered and its CPU time over IPC.
 */
import type { RecordedRequest } from '../../src/simulator/types.js';
import { serveIpc } from './ipc-child.js';
import type { SimulatorSetup } from './world.js';

let running: { close(): Promise<void> } | null = null;
let requests: () => ReadonlyArray<RecordedRequest> = () => [];
let reset = () => {};

serveIpc(
  {},
  async (op, args) => {
    switch (op) {
      case 'start': {
        await running?.close();
        // SAFETY: the parent (world.ts) sends a SimulatorSetup.
        const setup = (args[0] ?? {}) as SimulatorSetup;
        const { createSimulator } = await import('../../src/simulator/index.js');
        const sim = createSimulator({
          ...(setup.latencyMs ? { latencyMs: setup.latencyMs } : {}),
          ...(setup.rateLimitPerMinute ? { rateLimitPerMinute: setup.rateLimitPerMinute } : {}),
        });
        const listening = await sim.listen({ host: '127.0.0.1', port: 0 });
        running = listening;
        requests = () => sim.requests;
        reset = () => sim.resetRequests();
        return listening.url;
      }
      case 'requests':
        return requests().map(({ method, path, status }) => ({ method, path, status }));
      case 'reset':
        reset();
        return undefined;
      case 'cpuUsage':
        return process.cpuUsage();
      default:
        throw new Error(`unknown simulator operation ${op}`);
    }
  },
  async () => {
    await running?.close();
  },
);
