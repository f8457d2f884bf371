/**
 * Applies a message the bot sent back through a response_url (or as a slash command's immediate answer) with
 * Slack's semantics: ephemeral unless `response_type: in_channel`; `replace_original` / `delete_original` act on
 * the message that carried the interaction, never on a slash command's earlier reply (bolt-js #2287); an
 * in-channel answer to a slash command also shows the command itself, as Slack does.
 */

import { isObject, type JsonObject } from '../shared/json-reader.js';
import type { ResponseContext } from '../state/response-urls.js';
import { checkBlocks } from '../web-api/block-kit-check.js';
import { withGeneratedIds } from '../web-api/generated-ids.js';
import type { WorkspaceCore } from './core.js';

export type ResponseOutcome = { ok: true } | { ok: false; error: string; errors?: string[] };

export function applyResponse(
  core: WorkspaceCore,
  context: ResponseContext,
  body: JsonObject,
  echoCommand: () => void,
): ResponseOutcome {
  if (body.delete_original === true || body.delete_original === 'true') {
    if (context.kind !== 'message') return { ok: true };
    return core.channel.remove(context.messageTs) ? { ok: true } : { ok: false, error: 'message_not_found' };
  }
  if (body.blocks !== undefined) {
    const errors = checkBlocks(body.blocks, 'message');
    if (errors.length > 0) return { ok: false, error: 'invalid_blocks', errors };
  }
  const text = typeof body.text === 'string' ? body.text : '';
  const blocks = Array.isArray(body.blocks) ? withGeneratedIds(body.blocks) : [];
  if (text === '' && blocks.length === 0) return { ok: false, error: 'no_text' };

  const replace = body.replace_original === true || body.replace_original === 'true';
  if (replace && context.kind === 'message') {
    return core.channel.update(context.messageTs, { text, blocks })
      ? { ok: true }
      : { ok: false, error: 'message_not_found' };
  }
  const inChannel = body.response_type === 'in_channel';
  if (inChannel && context.kind === 'command') echoCommand();
  const parent = typeof body.thread_ts === 'string' ? core.channel.get(body.thread_ts) : null;
  core.channel.post({
    userId: core.identity.bot.userId,
    isBot: true,
    text,
    blocks,
    threadTs: parent && parent.ephemeralTo === null ? (parent.threadTs ?? parent.ts) : null,
    ephemeralTo: inChannel ? null : context.userId,
  });
  return { ok: true };
}

/** A bot's answer body is JSON (a message) or plain text (Bolt's `ack('text')`). */
export function asMessageBody(parsed: unknown): JsonObject | null {
  if (isObject(parsed)) return parsed;
  if (typeof parsed === 'string' && parsed.trim() !== '') return { text: parsed };
  return null;
}
