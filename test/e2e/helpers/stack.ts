/**
 * The whole product as `npm start` runs it without credentials: the embedded simulator, the tracking
 * client over it, and the local workspace with the real bot — everything on 127.0.0.1 and OS-chosen ports.
 */
import { systemClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { createLogger, type Logger } from '../../../src/logger.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import { createTrackingClient } from '../../../src/tracking/index.js';
import { startLocalWorkspace } from '../../../src/workspace/index.js';

export interface Stack {
  url: string;
  /** Log lines from the bot and tracking client, to print when a test fails (empty when a logger was given). */
  logs: string[];
  stop(): Promise<void>;
}

export async function startStack(options: { logger?: Logger } = {}): Promise<Stack> {
  const logs: string[] = [];
  const logger = options.logger ?? createLogger({ level: 'debug', write: (line) => logs.push(line) });
  // Listening (rather than in-process) so document previews are real URLs the browser can load.
  const simulator = await createSimulator({ clock: systemClock }).listen({ port: 0, host: '127.0.0.1' });
  const tracking = createTrackingClient({
    baseUrl: simulator.url,
    apiKey: DEMO.apiKeys.full,
    clock: systemClock,
    logger,
  });
  const workspace = await startLocalWorkspace({
    port: 0,
    host: '127.0.0.1',
    tracking,
    logger,
    clock: systemClock,
    config: loadConfig({}),
  });
  return {
    url: workspace.url,
    logs,
    stop: async () => {
      await workspace.stop();
      await tracking.close();
      await simulator.close();
    },
  };
}
