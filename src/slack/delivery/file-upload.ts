/**
 * Hands a file to one person (docs/home.md, "Download CSV"): the app's direct message with them
 * (conversations.open), then Slack's external upload — files.getUploadURLExternal for a URL, the bytes POSTed there,
 * files.completeUploadExternal to share it in that conversation. Needs the `files:write` and `im:write` scopes.
 */
import { fileNotSentText } from '../../cards/home/file-not-sent.js';
import type { Logger } from '../../logger.js';
import type { SlackApiCaller } from '../home/publish-home.js';
import { slackFailureFields } from './slack-failure.js';

export interface FileToSend {
  userId: string;
  filename: string;
  title: string;
  content: string;
  /** A line said with the file. */
  comment: string;
}

const UPLOAD_TIMEOUT_MS = 10_000;

export async function sendFileToPerson(
  client: SlackApiCaller,
  file: FileToSend,
): Promise<{ fileId: string }> {
  const opened = await client.apiCall('conversations.open', { users: file.userId });
  const channelId = (opened.channel as { id?: unknown } | undefined)?.id;
  if (typeof channelId !== 'string') throw new Error('conversations.open named no channel');
  const bytes = Buffer.from(file.content, 'utf8');
  const reserved = await client.apiCall('files.getUploadURLExternal', {
    filename: file.filename,
    length: bytes.length,
  });
  const uploadUrl = reserved.upload_url;
  const fileId = reserved.file_id;
  if (typeof uploadUrl !== 'string' || typeof fileId !== 'string')
    throw new Error('files.getUploadURLExternal named no upload URL');
  const uploaded = await fetch(uploadUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    body: bytes,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  if (!uploaded.ok) throw new Error(`the file upload answered HTTP ${uploaded.status}`);
  await client.apiCall('files.completeUploadExternal', {
    files: JSON.stringify([{ id: fileId, title: file.title }]),
    channel_id: channelId,
    initial_comment: file.comment,
  });
  return { fileId };
}

/**
 * Sends the file, or tells the person why it could not be (a Slack refusal, a missing scope, an upload that failed),
 * instead of the generic failure card: the list they asked for is not lost, they can ask again.
 */
export async function sendFileOrSay(
  client: SlackApiCaller,
  file: FileToSend,
  say: (problem: string) => Promise<unknown>,
  logger: Logger,
): Promise<boolean> {
  try {
    await sendFileToPerson(client, file);
    return true;
  } catch (error) {
    logger.warn('could not send a file to a person', { userId: file.userId, ...slackFailureFields(error) });
    const code = (error as { data?: { error?: unknown } }).data?.error;
    await say(fileNotSentText(file.filename, typeof code === 'string' ? code : null));
    return false;
  }
}
