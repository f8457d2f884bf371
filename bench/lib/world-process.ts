/**
 * Entry point of the forked world process (see world.ts): answers the parent's requests over the IPC channel.
 * Started by world-client.ts through bin/run-ts.js; exits when the parent disconnects.
 */
import { createWorld, type World } from './world.js';

interface WorldRequest {
  id: number;
  op: keyof World | 'hello';
  args: unknown[];
}

const world = await createWorld();

process.on('message', async (message: WorldRequest) => {
  try {
    const value = await dispatch(message);
    process.send?.({ id: message.id, ok: true, value });
  } catch (error) {
    process.send?.({
      id: message.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
});
process.on('disconnect', () => {
  void world.close().finally(() => process.exit(0));
});
process.send?.({ id: 0, ok: true, value: { slackApiUrl: world.slackApiUrl } });

async function dispatch(message: WorldRequest): Promise<unknown> {
  const [first] = message.args;
  switch (message.op) {
    case 'startSimulator':
      // SAFETY: the parent (world-client.ts) sends the argument of World.startSimulator unchanged.
      return world.startSimulator(first as Parameters<World['startSimulator']>[0]);
    case 'runLoad':
      // SAFETY: as above, World.runLoad's argument.
      return world.runLoad(first as Parameters<World['runLoad']>[0]);
    case 'upstreamCounts':
      return world.upstreamCounts();
    case 'resetUpstream':
      return world.resetUpstream();
    case 'slackCounts':
      return world.slackCounts();
    case 'cpuUsage':
      return world.cpuUsage();
    case 'close':
      return undefined;
    default:
      throw new Error(`unknown world operation ${String(message.op)}`);
  }
}
