/**
 * The bot harness with what watching needs: an embedded store in a temporary folder and a watch service on the bot's
 * own tracking client, as `shipwatch start` wires them. `stop` ends the bot, then removes the store.
 */
import { systemClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import type { Store } from '../../../src/store/index.js';
import { createWatchService, defaultWatchConfig } from '../../../src/watch/index.js';
import { embeddedHarness } from '../../unit/store/helpers/stores.js';
import { type BotHarness, startBotHarness } from './bot-harness.js';

export interface WatchingHarness {
  harness: BotHarness;
  store: Store;
  stop(): Promise<void>;
}

export async function startWatchingHarness(accountId: string): Promise<WatchingHarness> {
  const stores = embeddedHarness();
  const store = await stores.open();
  const harness = await startBotHarness({
    store,
    watching: (tracking) =>
      createWatchService({
        store,
        tracking,
        clock: systemClock,
        logger: silentLogger,
        config: defaultWatchConfig(100),
        owner: 'harness',
        accountId,
      }),
  });
  return {
    harness,
    store,
    async stop() {
      await harness.stop();
      await stores.dispose();
    },
  };
}
