/**
 * The two Slack events that end an installation (docs/oauth.md, "Uninstalling"), as listeners for `app.event(…)`:
 * `app_uninstalled`, and `tokens_revoked` when the bot's token is among those revoked (a revoked user token changes
 * nothing: Shipwatch keeps none it uses). Bolt skips authorization for both (the token is already gone), so the
 * workspace comes from the payload's context. The work itself is the uninstall use case.
 */
import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { UninstallReason } from '../../features/uninstall/uninstall-workspace.js';
import type { Logger } from '../../logger.js';
import type { TenantKey } from '../../tenancy/tenant.js';

export type Uninstall = (input: { key: TenantKey; reason: UninstallReason }) => Promise<unknown>;

type EventArgs<Name extends 'app_uninstalled' | 'tokens_revoked'> = SlackEventMiddlewareArgs<Name> &
  Pick<AllMiddlewareArgs, 'context'>;

function keyOf(context: AllMiddlewareArgs['context']): TenantKey {
  return {
    teamId: context.teamId ?? null,
    enterpriseId: context.enterpriseId ?? null,
    isEnterpriseInstall: context.isEnterpriseInstall === true,
  };
}

export function uninstallListeners(uninstall: Uninstall, logger: Logger) {
  const run = (key: TenantKey, reason: UninstallReason) =>
    uninstall({ key, reason }).catch((error: unknown) => {
      // The event is acknowledged either way; Slack does not re-send it, so the failure is logged loudly.
      logger.error('could not forget the workspace', { ...key, reason, error });
    });
  return {
    appUninstalled: async ({ context }: EventArgs<'app_uninstalled'>) => {
      await run(keyOf(context), 'app_uninstalled');
    },
    tokensRevoked: async ({ context, event }: EventArgs<'tokens_revoked'>) => {
      if ((event.tokens.bot ?? []).length === 0) return;
      await run(keyOf(context), 'tokens_revoked');
    },
  };
}
