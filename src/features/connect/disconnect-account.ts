/**
 * Removing a workspace's Terminal49 key (docs/oauth.md, "Connecting a key"). The workspace stops using its account at
 * once; when no other workspace uses the account, its key and webhook secret are deleted and its webhook removed
 * from Terminal49 (best effort: a webhook Terminal49 keeps sending to a removed account is answered 404). The account
 * keeps its id, so the same key connected again finds it; the workspace's watches stay and resume then.
 */
import { WebhookApiError } from '../../tracking/webhooks-api.js';
import type { ConnectDeps } from './connect-deps.js';

export type DisconnectOutcome =
  | { kind: 'not_connected' }
  | {
      kind: 'disconnected';
      accountId: string;
      /** Other workspaces still on the account (its key stays for them). */
      stillUsedBy: number;
    };

export async function disconnectAccount(
  input: { tenantId: string },
  deps: Omit<ConnectDeps, 'checkKey'>,
): Promise<DisconnectOutcome> {
  const account = await deps.accounts.forTenant(input.tenantId);
  if (account === null) return { kind: 'not_connected' };
  await deps.accounts.unbind(input.tenantId);
  deps.changed(input.tenantId);
  const remaining = await deps.accounts.tenantsOf(account.id);
  if (remaining.length === 0) {
    await removeWebhook(account, deps);
    await deps.accounts.clearCredentials(account.id, deps.now());
  }
  deps.logger.info('Terminal49 key disconnected', {
    tenantId: input.tenantId,
    accountId: account.id,
    stillUsedBy: remaining.length,
  });
  return { kind: 'disconnected', accountId: account.id, stillUsedBy: remaining.length };
}

/** Removes an account's webhook from Terminal49 with its own key; a failure is logged, never thrown. */
export async function removeWebhook(
  account: { id: string; keyCiphertext: string | null; webhookId: string | null },
  deps: Pick<ConnectDeps, 'box' | 'webhooksFor' | 'logger'>,
): Promise<void> {
  if (account.webhookId === null || account.keyCiphertext === null) return;
  try {
    const apiKey = deps.box.open(account.keyCiphertext, 'terminal49-key');
    await deps.webhooksFor(apiKey).remove(account.webhookId);
  } catch (error) {
    deps.logger.warn('the account webhook could not be removed from Terminal49', {
      accountId: account.id,
      reason:
        error instanceof WebhookApiError
          ? error.failure.kind
          : error instanceof Error
            ? error.name
            : 'unknown',
    });
  }
}
