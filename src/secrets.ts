/**
 * Every secret Shipwatch holds, and the one way to scrub them from text. Log lines, and text the tracking API echoes
 * back into errors (which can reach a card), pass through `redact`: each registered secret, and anything shaped like
 * a Slack token, becomes `[redacted]`. Whatever holds a new secret registers it here (`secretsOf`).
 */
import type { Config } from './config/env.js';
import { databasePassword } from './store/location.js';

const TOKEN_PATTERN = /\b(xox[abposr]-[0-9A-Za-z-]+|xapp-[0-9A-Za-z-]+)\b/g;

/** Replaces registered secrets and token-shaped strings in `text`. Secrets shorter than 4 characters are ignored. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text.replace(TOKEN_PATTERN, '[redacted]');
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/**
 * The secrets of a configuration: Slack's tokens and signing secret, the API key, the webhook secret, the metrics
 * token, the DB password.
 */
export function secretsOf(config: Readonly<Config>): string[] {
  return [
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.tracking.apiKey,
    config.watch.webhookSecret,
    config.metricsToken,
    config.store.databaseUrl ? databasePassword(config.store.databaseUrl) : null,
  ].filter((secret): secret is string => typeof secret === 'string' && secret.length > 0);
}
