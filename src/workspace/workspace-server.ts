/**
 * The Slack stand-in on its own: state, fake Web API, response_urls, signer and page on one HTTP server. It knows
 * nothing about which bot it talks to; `setBotUrl` points it at any app that serves Slack's `/slack/events`
 * (the real bot in start-local-workspace.ts, a tiny fake one in tests).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBotSender } from './bot-link/bot-sender.js';
import type { DemoTimeControl } from './demo-time.js';
import { hostGuard } from './http/host-guard.js';
import { loadPageAssets } from './http/page-assets.js';
import { createRouteHandler } from './http/routes.js';
import { createSseHub } from './http/sse-hub.js';
import { createIdentity, type WorkspaceIdentity } from './identity.js';
import type { WorkspaceCore } from './interactions/core.js';
import { type AppManifest, readAppManifest } from './manifest/app-manifest.js';
import type { LocalInstalls } from './protocol.js';
import { buildSnapshot } from './snapshot.js';
import { createChannelStore } from './state/channel-store.js';
import { createFileStore } from './state/file-store.js';
import { createResponseUrlRegistry } from './state/response-urls.js';
import { createTriggerRegistry } from './state/trigger-registry.js';
import { createViewStore } from './state/view-store.js';
import { demoSuggestions } from './suggestions.js';
import { createHomeTabs } from './web-api/methods/home.js';
import type { OAuthGrants } from './web-api/oauth-grants.js';
import { parseApiRequest } from './web-api/parse-args.js';
import { createWebApi, type WebApi } from './web-api/web-api.js';

/**
 * The link between the local workspaces of the install demo (local-slack/local-slack.ts): one Slack app's installs,
 * whose tokens each act in their own workspace, and what each page shows of the others.
 */
export interface InstallsLink {
  grants: OAuthGrants;
  /** The Web API of the local workspace `teamId`: a token an install issued acts in its own workspace. */
  webApiOf(teamId: string): WebApi | null;
  /** The switcher and "Add to Slack" the page of `teamId` shows. */
  describe(teamId: string): LocalInstalls;
  /** Pages of Slack's own site this server also serves (the authorize page); true when it answered. */
  route?(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean>;
}

export interface WorkspaceServerOptions {
  port?: number;
  /** Default 127.0.0.1: the stand-in is for this machine only. */
  host?: string;
  identity?: WorkspaceIdentity;
  /** Wall-clock milliseconds for trigger and response_url expiry and message ts (tests inject one). */
  now?: () => number;
  ackTimeoutMs?: number;
  /** The demo-time control on the page (`POST /ui/demo-time`); absent, the page shows none. */
  demoTime?: DemoTimeControl;
  /** Installs (SHIPWATCH_LOCAL_OAUTH): tokens from `oauth.v2.access`, other workspaces to switch to. */
  installs?: InstallsLink;
  /** The app's manifest; default manifest.yml at the package root, as Slack would hold it. */
  manifest?: AppManifest;
}

export interface WorkspaceServer {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  identity: WorkspaceIdentity;
  core: WorkspaceCore;
  /** Where signed requests go, e.g. http://127.0.0.1:4567/slack/events */
  setBotEventsUrl(url: string): void;
  /** The page's web API (its tokens, and with installs every install's token routed to its workspace). */
  webApi: WebApi;
  /** Something outside the channel changed (an install): every page is sent a new snapshot. */
  changed(): void;
  close(): Promise<void>;
}

export async function startWorkspaceServer(options: WorkspaceServerOptions = {}): Promise<WorkspaceServer> {
  const now = options.now ?? Date.now;
  const identity = options.identity ?? createIdentity();
  const assets = await loadPageAssets();
  const channel = createChannelStore(now);
  const views = createViewStore(
    { teamId: identity.team.id, appId: identity.bot.appId, botId: identity.bot.botId },
    now,
  );
  const sender = createBotSender({
    signingSecret: identity.signingSecret,
    now,
    ...(options.ackTimeoutMs !== undefined ? { timeoutMs: options.ackTimeoutMs } : {}),
  });
  let origin = '';
  const homes = createHomeTabs(now);
  const files = createFileStore(() => origin);
  const core: WorkspaceCore = {
    identity,
    channel,
    views,
    homes,
    files,
    triggers: createTriggerRegistry(now),
    responseUrls: createResponseUrlRegistry(now),
    sender,
    origin: () => origin,
    now,
    echoedCommands: new Set(),
    manifest: options.manifest ?? readAppManifest(),
  };
  let revision = 0;
  const sources = { identity, channel, views, homes, suggestions: demoSuggestions() };
  const { installs } = options;
  const snapshot = (viewerId: string) => {
    const built = buildSnapshot(sources, viewerId, revision);
    return installs ? { ...built, installs: installs.describe(identity.team.id) } : built;
  };
  const hub = createSseHub(snapshot);
  const onChange = () => {
    revision += 1;
    hub.changed();
  };
  channel.onChange(onChange);
  views.onChange(onChange);
  homes.onChange?.(onChange);

  const host = options.host ?? '127.0.0.1';
  const allowHost = hostGuard(host);
  const ownApi = createWebApi({ ...core, ...(installs ? { oauth: installs.grants } : {}) });
  const webApi = installs ? routedWebApi(ownApi, installs, identity.team.id) : ownApi;
  const server = createServer(
    createRouteHandler({
      core,
      webApi,
      ...(installs?.route ? { route: installs.route } : {}),
      hub,
      snapshot,
      assets,
      allowHost,
      ...(options.demoTime ? { demoTime: options.demoTime } : {}),
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // SAFETY: a TCP server that is listening always has an AddressInfo address.
  const { port } = server.address() as AddressInfo;
  origin = `http://${loopbackFor(host)}:${port}`;

  return {
    url: origin,
    identity,
    core,
    setBotEventsUrl: (url) => sender.setTarget(url),
    webApi,
    changed: onChange,
    close: async () => {
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A token an install issued for another local workspace is answered by that workspace's Web API. */
function routedWebApi(own: WebApi, installs: InstallsLink, teamId: string): WebApi {
  return {
    handle(request) {
      const { token } = parseApiRequest(request.contentType, request.authorization, request.body);
      const holder = token ? installs.grants.holder(token) : null;
      const other = holder && 'tenantId' in holder && holder.tenantId !== teamId ? holder.tenantId : null;
      return (other ? installs.webApiOf(other) : null)?.handle(request) ?? own.handle(request);
    },
  };
}

/** The address to put in URLs: a wildcard bind is reached through loopback. */
function loopbackFor(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
