/**
 * OAuth mode assembled as `createOAuthSetup` assembles it, from an OAuth configuration: one HTTP server with the
 * install, redirect and per-account webhook routes; the fake Slack (installs, token rotation, its authorize page); the
 * embedded simulator as TRACKING_API_URL; a store; and a Bolt app on a receiver that does nothing, with the setup's
 * `authorize` and uninstall listeners, to which tests hand events as Slack sends them. Every log line is kept.
 */

import type { ServerResponse } from 'node:http';
import { App, type Receiver } from '@slack/bolt';
import { systemClock } from '../../../src/clock.js';
import { type Config, loadConfig } from '../../../src/config/env.js';
import type { HttpRoute } from '../../../src/http/route.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { createLogger, type Logger } from '../../../src/logger.js';
import { createOAuthSetup, type OAuthSetup } from '../../../src/oauth-setup.js';
import { secretsOf } from '../../../src/secrets.js';
import { createSimulator } from '../../../src/simulator/index.js';
import { toBoltLogger } from '../../../src/slack/bolt-logger.js';
import type { Store } from '../../../src/store/index.js';
import { accountWebhookSecret } from '../../../src/tenancy/index.js';
import { createWatchService, defaultWatchConfig } from '../../../src/watch/index.js';
import type { InstallGrant } from '../../../src/workspace/web-api/oauth-grants.js';
import { embeddedHarness, type StoreHarness } from '../../unit/store/helpers/stores.js';
import { type FakeSlackApi, startFakeSlackApi } from '../slack/fake-slack-api.js';
import { type Answer, installInBrowser } from './install-flow.js';
import { TEST_ENCRYPTION_KEY, TEST_OAUTH } from './installations.js';
import { type KeyProxy, startKeyProxy } from './key-proxy.js';

export interface OAuthWorld {
  config: Readonly<Config>;
  setup: OAuthSetup;
  store: Store;
  slack: FakeSlackApi;
  app: App;
  /** Shipwatch's base URL (also SHIPWATCH_PUBLIC_URL). */
  url: string;
  apiUrl: string;
  /** With `keys`: the proxy Shipwatch reaches the simulator through (TRACKING_API_URL). */
  proxy: KeyProxy | null;
  /** Every answer Shipwatch's HTTP server gave, status and body (install pages, webhook answers). */
  answers: Array<{ path: string; status: number; body: string }>;
  logLines: string[];
  logger: Logger;
  install(grant: InstallGrant): Promise<Answer>;
  /** Hands Bolt an Events API envelope as Slack sends it. */
  event(body: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export interface OAuthWorldOptions {
  env?: Record<string, string>;
  harness?: StoreHarness;
  /** Fake Terminal49 keys Shipwatch may connect, each standing for a simulator demo key (key-proxy.ts). */
  keys?: Readonly<Record<string, string>>;
  /** How long the fake Slack's rotating tokens live. */
  tokenLifetimeSeconds?: number;
}

export async function startOAuthWorld(options: OAuthWorldOptions = {}): Promise<OAuthWorld> {
  const harness = options.harness ?? embeddedHarness();
  const store = await harness.open();
  const slack = await startFakeSlackApi({
    oauth: {
      ...TEST_OAUTH,
      ...(options.tokenLifetimeSeconds ? { tokenLifetimeSeconds: options.tokenLifetimeSeconds } : {}),
    },
  });
  const simulator = createSimulator({ clock: systemClock });
  const api = await simulator.listen({ port: 0, host: '127.0.0.1' });
  const proxy = options.keys ? await startKeyProxy(api.url, options.keys) : null;
  const answers: OAuthWorld['answers'] = [];
  const logLines: string[] = [];
  const server: HttpServer = createHttpServer({
    logger: createLogger({ write: (line) => logLines.push(line) }),
  });
  await server.listen(0, '127.0.0.1');
  const recording = (route: HttpRoute): HttpRoute => ({
    ...route,
    handle(req, res) {
      const chunks: Buffer[] = [];
      const write = res.write.bind(res);
      const end = res.end.bind(res);
      // SAFETY: same signatures as the originals; the chunks are kept, then everything is passed on unchanged.
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk) chunks.push(Buffer.from(chunk as string));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
        answers.push({
          path: req.url ?? '',
          status: res.statusCode,
          body: `${JSON.stringify(res.getHeaders())}\n${Buffer.concat(chunks).toString('utf8')}`,
        });
        return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
      }) as typeof res.end;
      return route.handle(req, res);
    },
  });
  const url = server.url ?? '';
  const config = loadConfig({
    SLACK_CLIENT_ID: TEST_OAUTH.clientId,
    SLACK_CLIENT_SECRET: TEST_OAUTH.clientSecret,
    SLACK_STATE_SECRET: TEST_OAUTH.stateSecret,
    SLACK_SIGNING_SECRET: 'FAKE-SIGNING-SECRET-OAUTH-2W4E',
    SLACK_API_URL: slack.url,
    SHIPWATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY.toString('base64'),
    SHIPWATCH_PUBLIC_URL: url,
    TRACKING_API_URL: proxy?.url ?? api.url,
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const logger = createLogger({
    level: 'debug',
    secrets: secretsOf(config),
    write: (line) => logLines.push(line),
  });
  const setup = createOAuthSetup({
    config,
    store,
    logger,
    clock: systemClock,
    authorizationUrl: slack.authorizeUrl,
  });
  for (const route of setup.routes) server.mount(recording(route));
  // Each account's webhooks are watching's (src/oauth-mode.ts wires the same); jobs are queued, not run, here.
  const watching = createWatchService({
    store,
    tracking: {
      getShipment: () => Promise.reject(new Error('no account')),
      getWebhookNotification: () => Promise.reject(new Error('no account')),
      listWebhookNotifications: () => Promise.reject(new Error('no account')),
    },
    accountId: 'none',
    clock: systemClock,
    logger,
    config: defaultWatchConfig(100),
    owner: 'oauth-world',
  });
  server.mount(recording(watching.accountWebhookRoute(accountWebhookSecret(store, setup.box))));

  const receiver: Receiver = { init: () => {}, start: async () => {}, stop: async () => {} };
  const app = new App({ receiver, authorize: setup.authorize, logger: toBoltLogger(logger, 'debug') });
  app.event('app_uninstalled', setup.uninstallListeners.appUninstalled);
  app.event('tokens_revoked', setup.uninstallListeners.tokensRevoked);

  return {
    config,
    setup,
    store,
    slack,
    app,
    url,
    apiUrl: api.url,
    proxy,
    answers,
    logLines,
    logger,
    install: (grant) => installInBrowser(url, slack, grant),
    async event(body) {
      await app.processEvent({ body, ack: async () => {} });
    },
    async stop() {
      await server.stop();
      await setup.close();
      await proxy?.close();
      await api.close();
      await slack.close();
      await harness.dispose();
    },
  };
}

/** An Events API envelope for `event`, from a workspace (or through an organisation's org-wide install). */
export function eventEnvelope(
  event: Record<string, unknown>,
  from: { teamId: string; enterpriseId?: string; orgWide?: boolean },
): Record<string, unknown> {
  return {
    token: 'legacy-verification-token',
    team_id: from.teamId,
    ...(from.enterpriseId ? { enterprise_id: from.enterpriseId } : {}),
    api_app_id: 'A0SHIPWATCH',
    type: 'event_callback',
    event_id: `Ev${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
    authorizations: [
      {
        enterprise_id: from.enterpriseId ?? null,
        team_id: from.teamId,
        user_id: 'U0BOT',
        is_bot: true,
        is_enterprise_install: from.orgWide === true,
      },
    ],
    is_ext_shared_channel: false,
  };
}
