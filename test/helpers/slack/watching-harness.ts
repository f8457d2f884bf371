/**
 * The bot harness with what watching needs: an embedded store in a temporary folder and a watch service on the bot's
 * own tracking client, as `shipwatch start` wires them. With `webhookSecret` the webhook route is mounted beside
 * `/slack/events`, and `/healthz` has its watch section; `tracking` may wrap the client watching reads through (a fake
 * `GET /webhook_notifications`, a shipment that changed); `store` reuses a store across bots (a restart). `stop`
 * ends the bot, then removes the store it made.
 */
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import type { Store } from '../../../src/store/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import {
  createWatchService,
  defaultWatchConfig,
  type WatchConfig,
  type WatchService,
} from '../../../src/watch/index.js';
import { followingTrackingRequests } from '../../../src/watch-setup.js';
import { embeddedHarness } from '../../unit/store/helpers/stores.js';
import { type BotHarness, type BotHarnessOptions, startBotHarness } from './bot-harness.js';

export interface WatchingHarness {
  harness: BotHarness;
  store: Store;
  service: WatchService;
  stop(): Promise<void>;
}

export interface WatchingHarnessOptions {
  webhookSecret?: string;
  config?: Partial<WatchConfig>;
  tracking?: (client: TrackingClient) => TrackingClient;
  store?: Store;
  harness?: BotHarnessOptions;
}

export async function startWatchingHarness(
  accountId: string,
  options: WatchingHarnessOptions = {},
): Promise<WatchingHarness> {
  const stores = options.store ? null : embeddedHarness();
  const store = options.store ?? (await (stores as ReturnType<typeof embeddedHarness>).open());
  let service: WatchService | null = null;
  const harness = await startBotHarness({
    ...options.harness,
    store,
    watching: (tracking) => {
      service = createWatchService({
        store,
        tracking: options.tracking ? options.tracking(tracking) : tracking,
        clock: systemClock,
        logger: silentLogger,
        config: { ...defaultWatchConfig(100), ...options.config },
        owner: `harness-${accountId}-${Math.random().toString(36).slice(2, 8)}`,
        accountId,
        webhookSecret: options.webhookSecret ?? null,
        // Following tracking requests started from Slack, as both start-up modes wire it.
        ...followingTrackingRequests,
      });
      return service;
    },
    mount: (watching) =>
      watching
        ? {
            routes: watching.webhookRoute ? [watching.webhookRoute] : [],
            healthInfo: { watch: () => watching.status() },
          }
        : {},
  });
  if (service === null) throw new Error('the bot was started without its watch service');
  return {
    harness,
    store,
    service,
    async stop() {
      await harness.stop();
      await stores?.dispose();
    },
  };
}
