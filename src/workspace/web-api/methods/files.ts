/**
 * Uploading a file as Slack wants it since files.upload was retired: files.getUploadURLExternal (a name and a
 * length → an upload URL and a file id), the bytes POSTed to that URL, then files.completeUploadExternal (the ids,
 * a title, the channel to share in). A shared file shows in its conversation as a message from the bot.
 */
import { arrayAt, isObject } from '../../shared/json-reader.js';
import { fail, type WebApiMethod } from '../context.js';

export const getUploadUrlExternal: WebApiMethod = (args, context) => {
  if (!context.files) return fail('unknown_method');
  const filename = typeof args.filename === 'string' ? args.filename : '';
  const length = Number(args.length);
  if (filename === '' || !Number.isInteger(length) || length < 1) return fail('invalid_arguments');
  const { id, uploadUrl } = context.files.reserve(filename, length);
  return { ok: true, upload_url: uploadUrl, file_id: id };
};

export const completeUploadExternal: WebApiMethod = (args, context) => {
  const store = context.files;
  if (!store) return fail('unknown_method');
  const listed = typeof args.files === 'string' ? safeJson(args.files) : args.files;
  const entries = Array.isArray(listed)
    ? listed.filter(isObject)
    : (arrayAt(args, 'files') ?? []).filter(isObject);
  if (entries.length === 0) return fail('invalid_arguments');
  const channelId = typeof args.channel_id === 'string' && args.channel_id !== '' ? args.channel_id : null;
  const conversation = channelId === null ? null : context.conversation(channelId);
  if (conversation !== null && 'error' in conversation) return fail(conversation.error);
  const files = [];
  for (const entry of entries) {
    const id = typeof entry.id === 'string' ? entry.id : '';
    const title = typeof entry.title === 'string' ? entry.title : null;
    const file = store.complete(id, title, channelId);
    if (file === null) return fail('file_not_found');
    const url = store.downloadUrl(file.id);
    files.push({ id: file.id, name: file.filename, title: file.title ?? file.filename, url_private: url });
    if (conversation) {
      const text = `📄 ${file.title ?? file.filename}`;
      conversation.messages.post({
        userId: context.identity.bot.userId,
        isBot: true,
        text,
        blocks: [
          {
            type: 'section',
            text: { type: 'mrkdwn', text: `📄 *${file.filename}* (${file.length} bytes) <${url}|Download>` },
          },
        ],
        threadTs: null,
        ephemeralTo: null,
      });
    }
  }
  return { ok: true, files };
};

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
