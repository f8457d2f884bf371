/**
 * Bolt's `authorize` in OAuth mode (docs/oauth.md, "Authorizing requests"): the workspace a payload comes from (or its
 * organisation) to the installation's bot token and ids, through the cached authorizer — a cached workspace costs no
 * I/O before the ack. A workspace with no installation is refused, and Bolt drops the payload.
 */
import type { Authorize, AuthorizeResult } from '@slack/bolt';
import type { InstallationAuthorizer } from '../../tenancy/installations/installation-authorizer.js';

export function boltAuthorize(authorizer: InstallationAuthorizer): Authorize<boolean> {
  return async (source) => {
    const authorization = await authorizer.authorize({
      teamId: source.teamId ?? null,
      enterpriseId: source.enterpriseId ?? null,
      isEnterpriseInstall: source.isEnterpriseInstall,
    });
    if (authorization === null) {
      throw new Error(
        `Shipwatch is not installed for ${source.isEnterpriseInstall ? `organisation ${source.enterpriseId}` : `team ${source.teamId}`}`,
      );
    }
    const result: AuthorizeResult = {
      botToken: authorization.botToken,
      ...(authorization.botUserId ? { botUserId: authorization.botUserId } : {}),
      ...(authorization.botId ? { botId: authorization.botId } : {}),
      // The workspace the payload came from (an org-wide install serves several), and its organisation.
      ...(source.teamId || authorization.teamId
        ? { teamId: source.teamId ?? authorization.teamId ?? undefined }
        : {}),
      ...(authorization.enterpriseId || source.enterpriseId
        ? { enterpriseId: authorization.enterpriseId ?? source.enterpriseId }
        : {}),
    };
    return result;
  };
}
