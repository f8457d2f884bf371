/**
 * Connecting a workspace's Terminal49 key (docs/oauth.md, "Connecting a key"), whatever surface asks (the
 * `/shipwatch connect` modal, the Home tab). In order: the key is checked against the API before anything is saved; it
 * is stored sealed, bound to the tenant — the same key connected by two workspaces is one account with one budget, and
 * a workspace replacing its key keeps its account, with its quota and watches; then the account's webhook is pointed
 * at `/webhooks/terminal49/<account id>` with its secret stored sealed, or the outcome says the account lacks the
 * webhook entitlement and Shipwatch will poll. The key never appears in an outcome or a log line.
 */
import { keyFingerprint } from '../../tenancy/fingerprint.js';
import { ensureWebhook } from '../../tracking/ensure-webhook.js';
import { WebhookApiError } from '../../tracking/webhooks-api.js';
import { accountWebhookUrl, type ConnectDeps } from './connect-deps.js';

export type WebhookOutcome =
  /** Terminal49 will send this account's notifications to `url`. */
  | { kind: 'registered'; url: string }
  /** The account cannot have webhooks (403): Shipwatch polls its watched shipments. */
  | { kind: 'not_entitled' }
  /** Registering failed for another reason (`reason`: unreachable, rejected, no secret); Shipwatch polls meanwhile. */
  | { kind: 'failed'; reason: string };

export type ConnectOutcome =
  | {
      kind: 'connected';
      accountId: string;
      /** The workspace had another key before: the account (and its watches) stay. */
      replaced: boolean;
      /** Other workspaces use this key too: one account, one budget. */
      sharedWith: number;
      webhook: WebhookOutcome;
    }
  /** Not something that could be a key (empty, spaces, too long). */
  | { kind: 'invalid' }
  /** Terminal49 refused the key (401). Nothing was saved. */
  | { kind: 'rejected' }
  /** Terminal49 asked to slow down (429). Nothing was saved. */
  | { kind: 'busy' }
  /** The key could not be checked (no answer, 5xx). Nothing was saved. */
  | { kind: 'unreachable' };

const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

export async function connectAccount(
  input: { tenantId: string; apiKey: string },
  deps: ConnectDeps,
): Promise<ConnectOutcome> {
  const apiKey = input.apiKey.trim();
  if (!KEY_SHAPE.test(apiKey)) return { kind: 'invalid' };
  const check = await deps.checkKey(apiKey);
  if (check.kind === 'rejected' || check.kind === 'busy') return { kind: check.kind };
  if (check.kind === 'unreachable') {
    deps.logger.warn('a Terminal49 key could not be checked', {
      tenantId: input.tenantId,
      detail: check.detail,
    });
    return { kind: 'unreachable' };
  }

  const fingerprint = keyFingerprint(apiKey);
  const before = await deps.accounts.forTenant(input.tenantId);
  const account = await deps.accounts.bind(
    input.tenantId,
    { fingerprint, keyCiphertext: deps.box.seal(apiKey, 'terminal49-key') },
    deps.now(),
  );
  const tenants = await deps.accounts.tenantsOf(account.id);
  // Every workspace on the account reads the key again (it may have changed), and the one that moved leaves its old one.
  for (const tenantId of new Set([input.tenantId, ...tenants])) deps.changed(tenantId);
  const webhook = await registerWebhook(account.id, apiKey, deps);
  deps.logger.info('Terminal49 key connected', {
    tenantId: input.tenantId,
    accountId: account.id,
    webhook: webhook.kind,
  });
  return {
    kind: 'connected',
    accountId: account.id,
    replaced: before !== null && before.fingerprint !== fingerprint,
    sharedWith: tenants.filter((tenantId) => tenantId !== input.tenantId).length,
    webhook,
  };
}

async function registerWebhook(
  accountId: string,
  apiKey: string,
  deps: ConnectDeps,
): Promise<WebhookOutcome> {
  const url = accountWebhookUrl(deps.publicUrl, accountId);
  try {
    const { webhook } = await ensureWebhook(deps.webhooksFor(apiKey), { url });
    if (webhook.secret === null)
      return { kind: 'failed', reason: 'Terminal49 did not return the webhook secret' };
    await deps.accounts.setWebhook(
      accountId,
      { id: webhook.id, secretCiphertext: deps.box.seal(webhook.secret, 'webhook-secret') },
      deps.now(),
    );
    return { kind: 'registered', url };
  } catch (error) {
    if (!(error instanceof WebhookApiError)) throw error;
    if (error.failure.kind === 'not_entitled') {
      await deps.accounts.setWebhook(accountId, null, deps.now());
      return { kind: 'not_entitled' };
    }
    deps.logger.warn('the account webhook could not be registered; polling instead', {
      accountId,
      reason: error.failure.kind,
    });
    return { kind: 'failed', reason: error.failure.kind };
  }
}
