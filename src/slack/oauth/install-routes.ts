/**
 * `GET /slack/install` and `GET /slack/oauth_redirect` (docs/oauth.md, "Installing"), as routes of Shipwatch's one
 * HTTP server, with @slack/oauth's InstallProvider doing the OAuth: the install path issues a signed `state` (bound to
 * the browser by a cookie) and sends the person straight to Slack's authorize page; the redirect checks that state,
 * exchanges the code with `oauth.v2.access`, and stores the installation (sealed) through the installation store.
 * A redirect without a state (an install begun from Slack's own button), with a state Shipwatch did not issue, or
 * from another browser is refused with a page that says where to start.
 */
import type { Installation, InstallationStore } from '@slack/oauth';
import { InstallProvider } from '@slack/oauth';
import { installedPage, refusedPage } from '../../cards/install/install-pages.js';
import type { LogLevel, OAuthConfig } from '../../config/env.js';
import { sendHtmlPage } from '../../http/html-page.js';
import type { HttpRoute } from '../../http/route.js';
import type { Logger } from '../../logger.js';
import { tenantIdOf } from '../../tenancy/tenant-id.js';
import { toBoltLogger } from '../bolt-logger.js';
import { BOT_SCOPES } from './scopes.js';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

export interface InstallRoutesOptions {
  oauth: OAuthConfig;
  /** Where Slack reaches Shipwatch (SHIPWATCH_PUBLIC_URL): the redirect goes to `<publicUrl>/slack/oauth_redirect`. */
  publicUrl: string;
  installationStore: InstallationStore;
  /** The Web API base (SLACK_API_URL) for oauth.v2.access and auth.test; null: Slack's. */
  slackApiUrl: string | null;
  /** Slack's authorize page; tests and the local workspace point it at their stand-in. */
  authorizationUrl?: string;
  logger: Logger;
  logLevel?: LogLevel;
  /** After an installation was stored. */
  onInstalled?: (installation: Installation) => void | Promise<void>;
}

/**
 * Slack's own link that opens a workspace on the app (`/app_redirect`), beside the Web API of a Slack override (the
 * local workspace sends it to that workspace's page); null without a workspace (an org-wide install).
 */
function openSlackUrl(
  slackApiUrl: string | null,
  teamId: string | null,
  appId: string | null,
): string | null {
  if (!teamId) return null;
  const url = new URL('/app_redirect', slackApiUrl ?? 'https://slack.com/');
  url.searchParams.set('team', teamId);
  if (appId) url.searchParams.set('app', appId);
  return url.href;
}

export function createInstallRoutes(options: InstallRoutesOptions): HttpRoute[] {
  const installUrl = `${options.publicUrl}${INSTALL_PATH}`;
  const provider = new InstallProvider({
    clientId: options.oauth.clientId,
    clientSecret: options.oauth.clientSecret,
    stateSecret: options.oauth.stateSecret,
    installationStore: options.installationStore,
    directInstall: true,
    installUrlOptions: {
      scopes: [...BOT_SCOPES],
      redirectUri: `${options.publicUrl}${REDIRECT_PATH}`,
    },
    logger: toBoltLogger(options.logger, options.logLevel ?? 'info'),
    clientOptions: options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {},
    ...(options.authorizationUrl ? { authorizationUrl: options.authorizationUrl } : {}),
  });
  return [
    {
      method: 'GET',
      path: INSTALL_PATH,
      async handle(req, res) {
        try {
          await provider.handleInstallPath(req, res);
        } catch (error) {
          options.logger.error('the install page failed', { error });
          sendHtmlPage(res, refusedPage('slack_oauth_unknown_error', installUrl));
        }
      },
    },
    {
      method: 'GET',
      path: REDIRECT_PATH,
      handle: (req, res) =>
        provider.handleCallback(req, res, {
          async successAsync(installation) {
            const tenantId = tenantIdOf(installation);
            options.logger.info('installed', {
              tenantId,
              teamId: installation.team?.id ?? null,
              enterpriseId: installation.enterprise?.id ?? null,
              rotates: Boolean(installation.bot?.refreshToken),
            });
            try {
              await options.onInstalled?.(installation);
            } catch (error) {
              options.logger.warn('after the install', { tenantId, error });
            }
            sendHtmlPage(
              res,
              installedPage(
                installation.team?.name ?? installation.enterprise?.name ?? 'your workspace',
                openSlackUrl(options.slackApiUrl, installation.team?.id ?? null, installation.appId ?? null),
              ),
            );
          },
          failure(error) {
            options.logger.warn('install refused', { reason: error.code });
            sendHtmlPage(res, refusedPage(error.code, installUrl));
          },
        }),
    },
  ];
}
