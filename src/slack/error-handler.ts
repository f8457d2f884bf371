/**
 * The one sink for errors that escape a listener. It logs (error name, code and message, which pass through the
 * logger's redaction; never tokens or payloads), and when the payload carries a response_url it tells the person
 * what happened with an ephemeral error card, so an unexpected failure is never silence. It never rethrows: Bolt
 * would turn that into an HTTP 500, which Slack shows as a generic failure.
 */
import type { App } from '@slack/bolt';
import { renderErrorCard } from '../cards/index.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { isAllowedResponseUrl } from './delivery/response-url.js';
import type { Respond } from './delivery/slack-client.js';

export interface ErrorHandlerDeps {
  logger: Logger;
  clock: Clock;
  /** Posts to a response_url (Bolt's fetch with a timeout); injected so tests can observe it. */
  respondTo: (responseUrl: string) => Respond;
  /** SLACK_API_URL: its host may serve response_urls too (the local workspace, tests). */
  slackApiUrl: string | null;
}

export function registerErrorHandler(app: App, deps: ErrorHandlerDeps): void {
  app.error(async ({ error, body }: { error: Error & { code?: unknown }; body: unknown }) => {
    const code = typeof error.code === 'string' ? error.code : undefined;
    deps.logger.error('listener failed', { error, ...(code ? { code } : {}), ...describeBody(body) });
    const responseUrl = responseUrlOf(body);
    if (!responseUrl || !isAllowedResponseUrl(responseUrl, deps.slackApiUrl)) return;
    try {
      const card = renderErrorCard(originalError(error), { now: deps.clock.now() });
      await deps.respondTo(responseUrl)({
        response_type: 'ephemeral',
        replace_original: false,
        text: card.text,
        blocks: card.blocks,
      });
    } catch (respondError) {
      deps.logger.warn('could not tell the user about a failed listener', { error: respondError });
    }
  });
}

/** Bolt wraps listener errors in UnknownError (`original`); the card should explain the real one. */
function originalError(error: Error): unknown {
  const original = (error as { original?: unknown }).original;
  return original instanceof Error ? original : error;
}

function responseUrlOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  // SAFETY: only the optional `response_url` field is read, and its type is checked.
  const url = (body as { response_url?: unknown }).response_url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/** Which kind of payload failed, without its content. */
function describeBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object') return {};
  // SAFETY: optional fields read for logging only, each checked for its type.
  const b = body as { type?: unknown; command?: unknown; actions?: Array<{ action_id?: unknown }> };
  return {
    ...(typeof b.type === 'string' ? { payload: b.type } : {}),
    ...(typeof b.command === 'string' ? { command: b.command } : {}),
    ...(Array.isArray(b.actions) && typeof b.actions[0]?.action_id === 'string'
      ? { actionId: b.actions[0].action_id }
      : {}),
  };
}
