/**
 * A workspace, or an organisation, uninstalls Shipwatch or revokes its bot token (docs/oauth.md, "Uninstalling"):
 * everything of that tenant is deleted in one store transaction (`tenants.forget`: its tokens, its key binding,
 * settings, and what its workspaces wrote — watches, their changes, channel settings, subscriptions, the cards registry, cached
 * members), then the caches let go of it, and when its account is used by nobody else any more the account's webhook
 * is removed from Terminal49 with the account's own key, read before it was deleted. A re-install starts fresh.
 * Other tenants are untouched. The tenant is the installation that served the request: the workspace's own, else
 * its organisation's org-wide install — never an organisation for one of its workspaces' own installs.
 */
import type { Logger } from '../../logger.js';
import type { ForgottenTenant, Store } from '../../store/index.js';
import type { SecretBox } from '../../tenancy/secret-box.js';
import type { TenantKey } from '../../tenancy/tenant.js';
import { tenantCandidates } from '../../tenancy/tenant-id.js';
import type { WebhooksApi } from '../../tracking/webhooks-api.js';
import { removeWebhook } from '../connect/disconnect-account.js';

export interface UninstallDeps {
  store: Pick<Store, 'installations' | 'tenants'>;
  box: SecretBox;
  webhooksFor(apiKey: string): WebhooksApi;
  /** The tenant is gone (and its account, when `accountId` is set): caches drop them. */
  forgotten(tenantId: string, accountId: string | null): void;
  logger: Logger;
}

export type UninstallReason = 'app_uninstalled' | 'tokens_revoked';

export type UninstallOutcome = { tenantId: string } & ForgottenTenant;

export async function uninstallWorkspace(
  input: { key: TenantKey; reason: UninstallReason },
  deps: UninstallDeps,
): Promise<UninstallOutcome | null> {
  const candidates = tenantCandidates(input.key);
  let tenantId: string | null = null;
  for (const candidate of candidates) {
    if (await deps.store.installations.get(candidate)) {
      tenantId = candidate;
      break;
    }
  }
  // Nothing installed any more (a repeated event): what the request names is still cleared of any leftovers.
  tenantId ??= candidates[0] ?? null;
  if (tenantId === null) return null;
  const forgotten = await deps.store.tenants.forget(tenantId);
  deps.forgotten(tenantId, forgotten.orphanedAccount?.id ?? null);
  if (forgotten.orphanedAccount) await removeWebhook(forgotten.orphanedAccount, deps);
  deps.logger.info('workspace forgotten', {
    tenantId,
    reason: input.reason,
    removed: forgotten.removed,
    accountRemoved: forgotten.orphanedAccount?.id ?? null,
  });
  return { tenantId, ...forgotten };
}
