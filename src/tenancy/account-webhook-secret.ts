/**
 * The secret that signs a connected account's webhooks, opened from the store for the per-account webhook route
 * (`/webhooks/terminal49/<account id>`, docs/oauth.md): null for an account that does not exist or has no webhook.
 */
import type { Store } from '../store/index.js';
import type { SecretBox } from './secret-box.js';

export function accountWebhookSecret(
  store: Pick<Store, 'accounts'>,
  box: SecretBox,
): (accountId: string) => Promise<string | null> {
  return async (accountId) => {
    const account = await store.accounts.get(accountId);
    return account?.webhookSecretCiphertext
      ? box.open(account.webhookSecretCiphertext, 'webhook-secret')
      : null;
  };
}
