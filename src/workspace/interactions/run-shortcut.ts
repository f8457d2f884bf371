/**
 * A message shortcut used on a message of the channel ("More actions" → "Find shipments in this message"), delivered
 * to the bot as the `message_action` payload Slack sends: the message whole, a fresh trigger_id and a response_url.
 * Only a shortcut the manifest declares, on a message the person can see.
 */
import { interactionFields, messageShortcutPayload } from '../bot-link/payloads.js';
import type { ShortcutRequest, UiResult } from '../protocol.js';
import { slackMessage } from '../web-api/slack-objects.js';
import { actionTs, findUser, responseUrl, type WorkspaceCore } from './core.js';
import { acceptedBody } from './report-reply.js';

export async function runShortcut(core: WorkspaceCore, request: ShortcutRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  // What reaches the bot is what the manifest declares, as for slash commands (manifest/app-manifest.ts).
  const declared = core.manifest.shortcuts.some(
    (shortcut) => shortcut.type === 'message' && shortcut.callbackId === request.callbackId,
  );
  if (!declared) return { ok: false, error: 'unknown_shortcut' };
  const message = core.channel.get(request.ts);
  if (!message || message.deleted || message.ephemeralTo !== null)
    return { ok: false, error: 'message_not_found' };
  const token = core.responseUrls.issue({ kind: 'message', userId: user.id, messageTs: message.ts });
  const payload = messageShortcutPayload(core.identity, {
    user,
    callbackId: request.callbackId,
    message: slackMessage(message, core.identity),
    triggerId: core.triggers.issue(user.id),
    actionTs: actionTs(core.now()),
    responseUrl: responseUrl(core, token),
  });
  const reply = await core.sender.send(interactionFields(payload));
  return acceptedBody(core, reply, 'That shortcut', user.id) === null
    ? { ok: false, error: 'bot_failed' }
    : { ok: true };
}
