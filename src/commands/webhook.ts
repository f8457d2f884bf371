/**
 * `shipwatch webhook register --url https://HOST/webhooks/terminal49 [--events a,b] [--deactivate-stale]` (README
 * "Watching shipments"): points the Terminal49 account's webhook at this installation — re-activating one that
 * already has that URL, or creating it — and prints the secret to set as TRACKING_WEBHOOK_SECRET. Other active
 * webhooks that are Shipwatch's too (their URL ends in /webhooks/terminal49) would keep sending every event to an
 * old address: they are named, with the offer to deactivate them (`--deactivate-stale` does it). Webhooks of other
 * tools are never touched. This is the one place Shipwatch prints a
 * secret, on purpose: to the operator's own terminal, once. An account without the webhook entitlement gets a clear
 * line, and Shipwatch polls instead (exit code 3). Configured like `start` (TRACKING_API_KEY, TRACKING_API_URL).
 */
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli.js';
import { loadConfig } from '../config/env.js';
import { ensureWebhook } from '../tracking/ensure-webhook.js';
import {
  createWebhooksApi,
  WebhookApiError,
  type WebhookRecord,
  type WebhooksApi,
} from '../tracking/webhooks-api.js';

export const WEBHOOK_USAGE = `usage: shipwatch webhook register --url https://YOUR-HOST/webhooks/terminal49 [--events a,b] [--deactivate-stale]

Creates (or re-activates) the Terminal49 webhook that sends this account's shipment events to Shipwatch, and prints
the secret to set as TRACKING_WEBHOOK_SECRET on every Shipwatch process. Other active Shipwatch webhooks (URLs
ending in /webhooks/terminal49) are listed; --deactivate-stale deactivates them. Needs TRACKING_API_KEY.
`;

/** The path every Shipwatch installation receives Terminal49's webhooks on. */
const SHIPWATCH_PATH = '/webhooks/terminal49';

/** Exit code when the account cannot manage webhooks (Shipwatch then polls). */
export const NOT_ENTITLED_EXIT = 3;

export interface WebhookCommandDeps {
  env?: NodeJS.ProcessEnv;
  api?: WebhooksApi;
}

export async function runWebhookCommand(
  args: string[],
  io: CliIo,
  deps: WebhookCommandDeps = {},
): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === undefined || subcommand === 'help' || subcommand === '--help' || subcommand === '-h') {
    io.stdout(WEBHOOK_USAGE);
    return subcommand === undefined ? 2 : 0;
  }
  if (subcommand !== 'register') {
    io.stderr(`shipwatch webhook: unknown command '${subcommand}'\n\n${WEBHOOK_USAGE}`);
    return 2;
  }
  let url: string;
  let events: string[] = [];
  let deactivateStale = false;
  try {
    const { values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        events: { type: 'string' },
        'deactivate-stale': { type: 'boolean' },
      },
    });
    url = checkUrl(values.url);
    deactivateStale = values['deactivate-stale'] === true;
    events = (values.events ?? '')
      .split(',')
      .map((event) => event.trim())
      .filter(Boolean);
  } catch (error) {
    io.stderr(
      `shipwatch webhook register: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : 'invalid arguments'}\n\n${WEBHOOK_USAGE}`,
    );
    return 2;
  }
  const config = loadConfig(deps.env ?? process.env);
  if (!deps.api && !config.tracking.apiKey) {
    io.stderr(
      'shipwatch webhook register: TRACKING_API_KEY is not set (the embedded simulator needs no webhook set-up)\n',
    );
    return 2;
  }
  const api =
    deps.api ?? createWebhooksApi({ baseUrl: config.tracking.apiUrl, apiKey: config.tracking.apiKey ?? '' });
  try {
    const { webhook, existed, others } = await ensureWebhook(api, { url, events });
    const stale = others.filter((other) => other.active && isShipwatchUrl(other.url));
    io.stdout(
      `${existed ? 'Re-activated' : 'Created'} the Terminal49 webhook ${webhook.id} for ${webhook.url} ` +
        `(events: ${webhook.events.length > 0 ? webhook.events.join(', ') : 'all'}).\n`,
    );
    await reportStale(api, io, stale, deactivateStale);
    if (webhook.secret === null) {
      io.stdout('Terminal49 did not return its secret: copy it from the webhook in Terminal49’s web app.\n');
      return 1;
    }
    io.stdout(
      'Set this on every Shipwatch process and restart it (keep it secret: it proves a delivery came from Terminal49):\n\n' +
        `  TRACKING_WEBHOOK_SECRET=${webhook.secret}\n\n` +
        'Shipwatch keeps polling watched shipments as a safety net: Terminal49 never re-sends a missed notification.\n',
    );
    return 0;
  } catch (error) {
    if (!(error instanceof WebhookApiError)) throw error;
    switch (error.failure.kind) {
      case 'not_entitled':
        io.stderr(
          'This Terminal49 account cannot manage webhooks (it lacks the "data-out" entitlement; Terminal49 answered 403).\n' +
            'Nothing to set up: Shipwatch polls watched shipments instead (README: "Watching shipments").\n',
        );
        return NOT_ENTITLED_EXIT;
      case 'unauthorized':
        io.stderr('shipwatch webhook register: Terminal49 rejected TRACKING_API_KEY (401)\n');
        return 1;
      case 'rejected':
        io.stderr(
          `shipwatch webhook register: Terminal49 refused (${error.failure.status}: ${error.failure.detail})\n`,
        );
        return 1;
      case 'unreachable':
        io.stderr(
          `shipwatch webhook register: could not reach ${config.tracking.apiUrl} (${error.failure.detail})\n`,
        );
        return 1;
    }
  }
}

/** A webhook some Shipwatch installation registered: its URL ends in the path Shipwatch receives them on. */
function isShipwatchUrl(value: string): boolean {
  try {
    return new URL(value).pathname.replace(/\/+$/, '').endsWith(SHIPWATCH_PATH);
  } catch {
    return false;
  }
}

/**
 * Names the other active Shipwatch webhooks, which would keep delivering every event to an old address, and
 * deactivates them when asked (`--deactivate-stale`); without the flag the operator is offered the command.
 */
async function reportStale(
  api: WebhooksApi,
  io: CliIo,
  stale: readonly WebhookRecord[],
  deactivate: boolean,
): Promise<void> {
  if (stale.length === 0) return;
  if (!deactivate) {
    io.stdout(
      `\n${stale.length === 1 ? 'Another Shipwatch webhook is' : `${stale.length} other Shipwatch webhooks are`} still active on this account, sending every event to an old address:\n` +
        stale.map((webhook) => `  ${webhook.id}  ${webhook.url}\n`).join('') +
        'To deactivate them, run the same command again with --deactivate-stale (or do it in Terminal49’s web app).\n\n',
    );
    return;
  }
  for (const webhook of stale) {
    await api.update(webhook.id, { url: webhook.url, active: false });
    io.stdout(`Deactivated the previous Shipwatch webhook ${webhook.id} for ${webhook.url}.\n`);
  }
  io.stdout('\n');
}

/** HTTPS, as Terminal49 requires; plain http only to this machine (a local simulator or tunnel). */
function checkUrl(value: string | undefined): string {
  if (!value) throw new Error('--url is required');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--url is not a URL: ${value}`);
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error('--url must be https:// (Terminal49 delivers webhooks over HTTPS)');
  }
  return url.href;
}
