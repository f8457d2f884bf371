/**
 * The install demo (SHIPWATCH_LOCAL_OAUTH with no Slack credentials; docs/oauth.md, "Trying it locally"): Shipwatch in
 * OAuth mode — its real `/slack/install`, `/slack/oauth_redirect`, installation store, tenants and `/shipwatch
 * connect` — against two local Slack workspaces (workspace/local-slack/) and the embedded simulator as the tracking
 * API, where each workspace connects its own demo key (`demo`, `demo-b`: one dataset per account, so a number of one
 * is not found with the other's key). The Slack app's client id, secrets and the encryption key are made up per start,
 * and Slack's side lives in memory, so the demo starts fresh each time (main.ts gives it a temporary store).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import type { Logger } from './logger.js';
import type { ShipwatchMetrics } from './metrics/index.js';
import { startOAuthMode } from './oauth-mode.js';
import { DEMO } from './simulator/demo/catalog.js';
import { EVENTS_PATH } from './slack/index.js';
import type { Store } from './store/index.js';

export interface LocalOAuthOptions {
  config: Readonly<Config>;
  store: Store;
  logger: Logger;
  clock: Clock;
  metrics: ShipwatchMetrics | null;
  out: (text: string) => void;
}

export async function startLocalOAuthMode(
  options: LocalOAuthOptions,
): Promise<{ url: string; stop(): Promise<void> }> {
  const { config, clock } = options;
  // Loaded only here: no other start evaluates the simulator or the local workspace.
  const { createSimulator } = await import('./simulator/index.js');
  const { startLocalSlack } = await import('./workspace/local-slack/local-slack.js');
  const api = await createSimulator({ clock }).listen({ port: 0, host: '127.0.0.1' });
  const closing: Array<() => Promise<void>> = [() => api.close()];
  const stop = async () => {
    for (const close of closing.reverse()) await close();
  };
  try {
    const slack = await startLocalSlack({ port: config.port });
    closing.push(() => slack.close());
    const [first, second] = slack.workspaces;
    if (!first || !second) throw new Error('the install demo needs its two local workspaces');
    // Shipwatch's public URL must be known before it listens (the redirect URL, the webhooks' address).
    const port = await freeLoopbackPort();
    const url = `http://127.0.0.1:${port}`;
    const local: Readonly<Config> = Object.freeze({
      ...config,
      slack: Object.freeze({
        mode: 'http' as const,
        botToken: null,
        signingSecret: first.identity.signingSecret,
        appToken: null,
        apiUrl: slack.apiUrl,
        oauth: Object.freeze({
          clientId: slack.grants.app.clientId,
          clientSecret: slack.grants.app.clientSecret,
          stateSecret: randomBytes(24).toString('hex'),
        }),
      }),
      encryption: Object.freeze({ key: randomBytes(32).toString('base64'), previousKeys: [] }),
      defaultTeam: null,
      publicUrl: url,
      tracking: Object.freeze({ ...config.tracking, apiKey: null, apiUrl: api.url }),
      host: '127.0.0.1',
      port,
    });
    const running = await startOAuthMode({ ...options, config: local, out: () => {} });
    closing.push(() => running.stop());
    slack.connect(running.url, EVENTS_PATH);
    options.out(
      'No Slack credentials, SHIPWATCH_LOCAL_OAUTH set: the install demo, with two local workspaces.\n' +
        `  ${first.identity.team.name}: ${first.url}\n` +
        `  ${second.identity.team.name}: ${second.url}\n` +
        `On each page, "Add to Slack" installs Shipwatch (${running.url}/slack/install); then /shipwatch connect with ` +
        `the key ${DEMO.apiKeys.full} in one and ${DEMO.apiKeys.otherAccount} in the other, and try ` +
        `/shipment ${DEMO.shipments.slippedEta.bl} and /shipment ${DEMO.otherAccount.railMove.bl} in each.\n`,
    );
    return { url: first.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  // SAFETY: a TCP server that is listening always has an AddressInfo address.
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
