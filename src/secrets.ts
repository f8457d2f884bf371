/**
 * Every secret Shipwatch holds, and the one way to scrub them from text. Log lines, and text the tracking API echoes
 * back into errors (which can reach a card), pass through `redact`: each registered secret, and anything shaped like
 * a Slack token, becomes `[redacted]`. Whatever holds a new secret registers it here (`secretsOf`).
 */
import type { Config } from './config/env.js';
import { databasePassword } from './store/location.js';

/** Slack's tokens: bot, user, app-level, and the refresh tokens of token rotation (`xoxe-…`). */
const TOKEN_PATTERN = /\b(xox[abposre]-[0-9A-Za-z-]+|xapp-[0-9A-Za-z-]+)\b/g;

/** Replaces registered secrets and token-shaped strings in `text`. Secrets shorter than 4 characters are ignored. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(TOKEN_PATTERN, '[redacted]');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/**
 * The secrets of a configuration: Slack's tokens, signing secret and OAuth secrets, the encryption keys, the API key,
 * the webhook secret, the metrics token, the DB password. What the store keeps per workspace (installations' tokens, connected keys,
 * their webhook secrets) is never in the configuration: tokens are caught by their shape, and the rest is only ever
 * decrypted into the client or the check that uses it (docs/oauth.md, "Secrets").
 */
export function secretsOf(config: Readonly<Config>): string[] {
  return [
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.slack.oauth?.clientSecret,
    config.slack.oauth?.stateSecret,
    config.encryption.key,
    ...config.encryption.previousKeys,
    config.tracking.apiKey,
    config.watch.webhookSecret,
    config.metricsToken,
    config.store.databaseUrl ? databasePassword(config.store.databaseUrl) : null,
  ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}
