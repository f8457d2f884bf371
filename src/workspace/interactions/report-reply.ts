/**
 * What the person sees when the bot fails to answer an interaction in time or at all. Slack shows these errors
 * only to the person who acted; so does the local page, as a notice with the same error names Slack uses.
 */
import type { BotReply } from '../bot-link/bot-sender.js';
import type { WorkspaceCore } from './core.js';

/** Reports a failed reply; returns the reply body when the bot answered 2xx, else null. */
export function acceptedBody(
  core: WorkspaceCore,
  reply: BotReply,
  what: string,
  userId: string,
): string | null {
  if (reply.kind === 'answered' && reply.status >= 200 && reply.status < 300) return reply.body;
  const { error, detail } = describe(reply);
  core.channel.notice({ level: 'error', text: `${what} failed with the error "${error}"`, detail, userId });
  return null;
}

function describe(reply: BotReply): { error: string; detail: string } {
  switch (reply.kind) {
    case 'timeout':
      return { error: 'operation_timeout', detail: 'The app did not acknowledge within 3 seconds.' };
    case 'unreachable':
      return { error: 'dispatch_failed', detail: `The app could not be reached: ${reply.message}` };
    case 'answered':
      return {
        error: reply.status === 401 || reply.status === 403 ? 'dispatch_failed' : 'http_service_error',
        detail: `The app answered HTTP ${reply.status}.`,
      };
  }
}

export function parseJsonBody(body: string): unknown {
  if (body.trim() === '') return null;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
