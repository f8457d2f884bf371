/**
 * Points an account's Terminal49 webhook at a URL (docs/terminal49-webhooks.md, "Managing webhooks"): re-activates
 * the webhook that already has that URL, or creates one, and reads its secret (asking for the webhook again when the
 * answer left it out); the account's other webhooks come back too. Shared by `shipwatch webhook register` and connecting a key in OAuth mode. A WebhookApiError
 * (`not_entitled` for an account without webhooks, …) is the caller's to explain.
 */
import type { WebhookRecord, WebhooksApi } from './webhooks-api.js';

export async function ensureWebhook(
  api: WebhooksApi,
  input: { url: string; events?: readonly string[] },
): Promise<{ webhook: WebhookRecord; existed: boolean; others: WebhookRecord[] }> {
  const events = input.events && input.events.length > 0 ? { events: input.events } : {};
  const all = await api.list();
  const existing = all.find((webhook) => webhook.url === input.url);
  let webhook = existing
    ? await api.update(existing.id, { url: input.url, active: true, ...events })
    : await api.create({ url: input.url, ...events });
  if (webhook.secret === null) webhook = await api.get(webhook.id);
  return { webhook, existed: existing !== undefined, others: all.filter((other) => other.url !== input.url) };
}
