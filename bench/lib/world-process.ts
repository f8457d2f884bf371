/**
 * Entry point of the forked world process (see world.ts): answers the parent's requests over the IPC channel.
 * Started by world-client.ts through bin/run-ts.js; exits when the parent disconnects. Its simulator runs in a
 * process of its own (simulator-process.ts), so answering the bot's API calls never delays the load generator's
 * reading of acks: ack latency is then the bot's, not this loop's.
 */
import { serveIpc } from './ipc-child.js';
import { createWorld, type World } from './world.js';

const world = await createWorld({ simulatorInProcess: false });

serveIpc(
  { slackApiUrl: world.slackApiUrl, responseUrlPrefix: world.slackResponseUrl('') },
  async (op, args) => {
    const [first] = args;
    switch (op) {
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
        throw new Error(`unknown world operation ${op}`);
    }
  },
  () => world.close(),
);
