/**
 * Connecting keys against the embedded simulator over HTTP (its demo keys: `demo`, `demo-readonly` — a different key,
 * so a different account — and `demo-no-webhooks`, an account without webhooks), with an embedded store: the real
 * key check, the real webhooks client, and a record of which tenants were told their account changed.
 */
import { fixedClock } from '../../../src/clock.js';
import type { ConnectDeps } from '../../../src/features/connect/connect-deps.js';
import { createLogger } from '../../../src/logger.js';
import { createSimulator, type Simulator } from '../../../src/simulator/index.js';
import type { Store } from '../../../src/store/index.js';
import { checkApiKey } from '../../../src/tracking/check-api-key.js';
import { createWebhooksApi } from '../../../src/tracking/webhooks-api.js';
import { embeddedHarness, type StoreHarness } from '../../unit/store/helpers/stores.js';
import { testBox } from './installations.js';

export const PUBLIC_URL = 'https://shipwatch.example.com';

export interface ConnectWorld {
  store: Store;
  simulator: Simulator;
  apiUrl: string;
  deps: ConnectDeps;
  /** Tenants told their account changed, in order. */
  changed: string[];
  logLines: string[];
  stop(): Promise<void>;
}

export async function connectWorld(): Promise<ConnectWorld> {
  const harness: StoreHarness = embeddedHarness();
  const store = await harness.open();
  const simulator = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
  const running = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const changed: string[] = [];
  const logLines: string[] = [];
  const deps: ConnectDeps = {
    accounts: store.accounts,
    box: testBox(),
    checkKey: (apiKey) => checkApiKey({ baseUrl: running.url, apiKey }),
    webhooksFor: (apiKey) => createWebhooksApi({ baseUrl: running.url, apiKey }),
    publicUrl: PUBLIC_URL,
    now: () => Date.parse('2026-03-10T15:30:00Z'),
    changed: (tenantId) => changed.push(tenantId),
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
  };
  return {
    store,
    simulator,
    apiUrl: running.url,
    deps,
    changed,
    logLines,
    async stop() {
      await running.close();
      await harness.dispose();
    },
  };
}
