/**
 * What a person allows when installing Shipwatch, for the fake Slack's authorize page and oauth.v2.access
 * (src/workspace/web-api/oauth-grants.ts): a workspace install, or an org-wide install into an Enterprise Grid
 * organisation (no team). Each workspace gets its own bot user, so tests can tell who a token acts as.
 */
import type { InstallGrant } from '../../../src/workspace/web-api/oauth-grants.js';
import { TEST_APP_ID } from './payloads.js';

export const BOT_SCOPES = ['commands', 'chat:write', 'chat:write.public', 'users:read'] as const;

export function workspaceGrant(
  teamId: string,
  options: { rotation?: boolean; enterpriseId?: string; installer?: string } = {},
): InstallGrant {
  return {
    identity: {
      team: { id: teamId, name: `Team ${teamId}`, domain: teamId.toLowerCase() },
      bot: { userId: `U0BOT${teamId}`, botId: `B0BOT${teamId}`, appId: TEST_APP_ID, name: 'Shipwatch' },
    },
    enterprise: options.enterpriseId
      ? { id: options.enterpriseId, name: `Org ${options.enterpriseId}` }
      : null,
    isEnterpriseInstall: false,
    installerUserId: options.installer ?? 'U0ADMIN',
    scopes: BOT_SCOPES,
    rotation: options.rotation ?? false,
  };
}

export function orgGrant(enterpriseId: string, options: { rotation?: boolean } = {}): InstallGrant {
  return {
    identity: {
      team: { id: enterpriseId, name: `Org ${enterpriseId}`, domain: enterpriseId.toLowerCase() },
      bot: {
        userId: `U0BOT${enterpriseId}`,
        botId: `B0BOT${enterpriseId}`,
        appId: TEST_APP_ID,
        name: 'Shipwatch',
      },
    },
    enterprise: { id: enterpriseId, name: `Org ${enterpriseId}` },
    isEnterpriseInstall: true,
    installerUserId: 'U0ORGADMIN',
    scopes: BOT_SCOPES,
    rotation: options.rotation ?? false,
  };
}
