/**
 * What connecting a Terminal49 key needs, injected (docs/oauth.md, "Connecting a key"): the accounts in the store,
 * the secret box, a key check against the API, a webhooks client for a key, the public address Terminal49 sends
 * webhooks to, a clock, and a way to tell the tenant directory a tenant's account changed. Nothing here knows Slack.
 */
import type { Logger } from '../../logger.js';
import type { AccountStore } from '../../store/index.js';
import type { SecretBox } from '../../tenancy/secret-box.js';
import type { KeyCheck } from '../../tracking/check-api-key.js';
import type { WebhooksApi } from '../../tracking/webhooks-api.js';

export interface ConnectDeps {
  accounts: Pick<
    AccountStore,
    'bind' | 'forTenant' | 'get' | 'setWebhook' | 'tenantsOf' | 'unbind' | 'clearCredentials'
  >;
  box: SecretBox;
  /** One cheap authenticated request with the key (src/tracking/check-api-key.ts). */
  checkKey(apiKey: string): Promise<KeyCheck>;
  /** Terminal49's webhook management, with `apiKey`. */
  webhooksFor(apiKey: string): WebhooksApi;
  /** SHIPWATCH_PUBLIC_URL: the account's webhook is `<publicUrl>/webhooks/terminal49/<account id>`. */
  publicUrl: string;
  now: () => number;
  /** The tenant's account changed: caches drop what they held (OAuthDirectory.invalidate). */
  changed(tenantId: string): void;
  logger: Logger;
}

/** Where Terminal49 sends an account's notifications in OAuth mode. */
export function accountWebhookUrl(publicUrl: string, accountId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/terminal49/${encodeURIComponent(accountId)}`;
}
