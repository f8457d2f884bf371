/**
 * The install demo (SHIPWATCH_LOCAL_OAUTH, docs/oauth.md "Trying it locally"): two local Slack workspaces of one
 * Slack app, each with its own page, channel, people and bot user, and Slack's side of installing the app — the
 * authorize page, `oauth.v2.access` and a token per install that acts in its own workspace. The first workspace's
 * Web API is the one Shipwatch calls (SLACK_API_URL); a token issued for the second is answered by the second's.
 * Each page shows the workspaces to switch between and Shipwatch's "Add to Slack".
 */
import { randomBytes } from 'node:crypto';
import { createIdentity, createSecondIdentity, type WorkspaceIdentity } from '../identity.js';
import type { LocalInstalls } from '../protocol.js';
import { createOAuthGrants, type InstallGrant, type OAuthGrants } from '../web-api/oauth-grants.js';
import { type InstallsLink, startWorkspaceServer, type WorkspaceServer } from '../workspace-server.js';
import { APP_REDIRECT_PATH, AUTHORIZE_PATH, answerSlackSite } from './authorize-page.js';

export interface LocalSlackOptions {
  /** The first workspace's port (PORT); the second gets one from the system. */
  port: number;
  host?: string;
  now?: () => number;
}

export interface LocalSlack {
  workspaces: readonly WorkspaceServer[];
  grants: OAuthGrants;
  /** SLACK_API_URL for Shipwatch: the first workspace's Web API. */
  apiUrl: string;
  /** Slack's authorize page. */
  authorizeUrl: string;
  /** Where Shipwatch's "installed" page sends people back (`…/app_redirect?team=…`). */
  appRedirectUrl: string;
  /** Shipwatch runs at `url`: its events and its "Add to Slack". */
  connect(url: string, eventsPath: string): void;
  close(): Promise<void>;
}

export async function startLocalSlack(options: LocalSlackOptions): Promise<LocalSlack> {
  const now = options.now ?? Date.now;
  const random = (size: number) => randomBytes(size).toString('hex');
  const base = createOAuthGrants({
    app: { clientId: `local.${random(6)}`, clientSecret: random(16) },
    now,
  });
  const servers: WorkspaceServer[] = [];
  // Every page says whether its workspace is installed: a code exchanged is news to all of them.
  const grants: OAuthGrants = {
    ...base,
    access(args) {
      const answer = base.access(args);
      if (answer.ok === true) for (const server of servers) server.changed();
      return answer;
    },
  };
  let shipwatchUrl: string | null = null;
  const grantOf = (identity: WorkspaceIdentity, scopes: string[]): InstallGrant => ({
    identity: { team: identity.team, bot: identity.bot },
    enterprise: null,
    isEnterpriseInstall: false,
    installerUserId: identity.users.find((user) => user.isAdmin)?.id ?? identity.users[0]?.id ?? '',
    scopes,
    rotation: false,
  });
  const workspaces = () =>
    servers.map((server) => ({
      id: server.identity.team.id,
      name: server.identity.team.name,
      url: server.url,
      grant: (scopes: string[]) => grantOf(server.identity, scopes),
    }));
  const link: InstallsLink = {
    grants,
    webApiOf: (teamId) => servers.find((server) => server.identity.team.id === teamId)?.webApi ?? null,
    describe: (teamId): LocalInstalls => ({
      installUrl: shipwatchUrl ? `${shipwatchUrl}/slack/install` : '',
      installed: grants.currentToken(teamId) !== null,
      workspaces: servers.map((server) => ({
        id: server.identity.team.id,
        name: server.identity.team.name,
        url: server.url,
        current: server.identity.team.id === teamId,
        installed: grants.currentToken(server.identity.team.id) !== null,
      })),
    }),
    route: (request, response, url) =>
      answerSlackSite({ grants, workspaces, appUrl: () => shipwatchUrl }, request, response, url),
  };
  const host = options.host ?? '127.0.0.1';
  const first = createIdentity();
  try {
    servers.push(
      await startWorkspaceServer({ port: options.port, host, identity: first, now, installs: link }),
    );
    servers.push(
      await startWorkspaceServer({
        port: 0,
        host,
        identity: createSecondIdentity(first),
        now,
        installs: link,
      }),
    );
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    throw error;
  }
  const origin = servers[0]?.url ?? '';
  return {
    workspaces: servers,
    grants,
    apiUrl: `${origin}/api/`,
    authorizeUrl: `${origin}${AUTHORIZE_PATH}`,
    appRedirectUrl: `${origin}${APP_REDIRECT_PATH}`,
    connect(url, eventsPath) {
      shipwatchUrl = url;
      for (const server of servers) {
        server.setBotEventsUrl(`${url}${eventsPath}`);
        server.changed();
      }
    },
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
