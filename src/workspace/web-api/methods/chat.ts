/**
 * chat.postMessage / update / postEphemeral / delete / getPermalink over the channel store, with the checks Slack
 * makes that bots trip on: unknown channel, no text, invalid blocks, updating or deleting a message that is not the
 * bot's, ephemeral messages that cannot be edited through chat.update or linked to, and `reply_broadcast` (a thread
 * reply also sent to the channel).
 */

import type { ChannelMessage } from '../../protocol.js';
import { isObject, type JsonObject } from '../../shared/json-reader.js';
import { checkBlocks } from '../block-kit-check.js';
import { type Conversation, fail, invalid, type WebApiContext, type WebApiMethod } from '../context.js';
import { withGeneratedIds } from '../generated-ids.js';
import { slackMessage } from '../slack-objects.js';

type Content =
  | { ok: true; text: string | undefined; blocks: JsonObject[] | undefined }
  | { ok: false; error: JsonObject };

function readContent(args: JsonObject, required: boolean, context: WebApiContext): Content {
  const text = typeof args.text === 'string' ? args.text : undefined;
  if (args.blocks !== undefined && args.blocks !== '') {
    const errors = checkBlocks(args.blocks, 'message');
    if (errors.length > 0) return { ok: false, error: invalid('invalid_blocks', errors) };
  }
  const blocks = Array.isArray(args.blocks)
    ? context.generatesIds
      ? withGeneratedIds(args.blocks)
      : args.blocks.filter(isObject)
    : undefined;
  if (required && !text && (!blocks || blocks.length === 0)) return { ok: false, error: fail('no_text') };
  return { ok: true, text, blocks };
}

/** thread_ts must name a visible message; a reply's ts is normalised to its parent, as Slack does. */
function resolveThread(args: JsonObject, conversation: Conversation): string | null | undefined {
  if (typeof args.thread_ts !== 'string' || args.thread_ts === '') return null;
  const parent = conversation.messages.get(args.thread_ts);
  if (!parent || parent.ephemeralTo !== null) return undefined;
  return parent.threadTs ?? parent.ts;
}

/** What chat.postMessage and chat.postEphemeral share: Slack's content and thread checks, then the post itself. */
function postChecked(
  args: JsonObject,
  context: WebApiContext,
  conversation: Conversation,
  ephemeralTo: string | null = null,
): { ok: true; message: ChannelMessage } | { ok: false; error: JsonObject } {
  const content = readContent(args, true, context);
  if (!content.ok) return content;
  const threadTs = resolveThread(args, conversation);
  if (threadTs === undefined) return { ok: false, error: fail('thread_not_found') };
  const message = conversation.messages.post({
    userId: context.identity.bot.userId,
    isBot: true,
    text: content.text ?? '',
    blocks: content.blocks ?? [],
    threadTs,
    ephemeralTo,
    // Slack honours it only on a thread reply; the reply then shows in the channel too.
    broadcast:
      threadTs !== null &&
      ephemeralTo === null &&
      (args.reply_broadcast === true || args.reply_broadcast === 'true'),
  });
  return { ok: true, message };
}

export const postMessage: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  const posted = postChecked(args, context, conversation);
  if (!posted.ok) return posted.error;
  return {
    ok: true,
    channel: conversation.id,
    ts: posted.message.ts,
    message: slackMessage(posted.message, context.identity),
  };
};

export const postEphemeral: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  if (!context.user(args.user)) return fail('user_not_in_channel');
  const posted = postChecked(args, context, conversation, String(args.user));
  if (!posted.ok) return posted.error;
  return { ok: true, message_ts: posted.message.ts };
};

export const update: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  const existing = typeof args.ts === 'string' ? conversation.messages.get(args.ts) : null;
  // Ephemeral messages are invisible to chat.update in Slack; only their response_url can replace them.
  if (!existing || existing.deleted || existing.ephemeralTo !== null) return fail('message_not_found');
  if (!existing.isBot) return fail('cant_update_message');
  const content = readContent(args, false, context);
  if (!content.ok) return content.error;
  const message = conversation.messages.update(existing.ts, {
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(content.blocks !== undefined ? { blocks: content.blocks } : {}),
  });
  if (!message) return fail('message_not_found');
  return {
    ok: true,
    channel: conversation.id,
    ts: message.ts,
    text: message.text,
    message: slackMessage(message, context.identity),
  };
};

export const remove: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  const existing = typeof args.ts === 'string' ? conversation.messages.get(args.ts) : null;
  if (!existing || existing.deleted || existing.ephemeralTo !== null) return fail('message_not_found');
  if (!existing.isBot) return fail('cant_delete_message');
  conversation.messages.remove(existing.ts);
  return { ok: true, channel: conversation.id, ts: existing.ts };
};

/**
 * chat.getPermalink: Slack's link to a message (`https://<domain>.slack.com/archives/<channel>/p<ts without the
 * dot>`, a reply's with `thread_ts`); message_not_found for a message that is not there or only one person sees.
 */
export const getPermalink: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  const message = typeof args.message_ts === 'string' ? conversation.messages.get(args.message_ts) : null;
  if (!message || message.deleted || message.ephemeralTo !== null) return fail('message_not_found');
  const thread =
    message.threadTs !== null && message.threadTs !== message.ts ? `?thread_ts=${message.threadTs}` : '';
  const permalink = `https://${context.identity.team.domain}.slack.com/archives/${conversation.id}/p${message.ts.replace('.', '')}${thread}`;
  return { ok: true, channel: conversation.id, permalink };
};
