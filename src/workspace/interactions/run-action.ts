/**
 * A click on a button, overflow option or select, in a message or in a modal, delivered to the bot as a
 * block_actions payload. The element is looked up in the stored message or view, so the page can only trigger
 * actions the bot really rendered, and the payload carries Slack's ids, values and options.
 */
import { blockActionsPayload, interactionFields } from '../bot-link/payloads.js';
import type { ActionRequest, UiResult } from '../protocol.js';
import { findElement } from '../shared/find-element.js';
import { slackMessage } from '../web-api/slack-objects.js';
import { actionObject } from './action-object.js';
import { actionTs, findUser, responseUrl, type WorkspaceCore } from './core.js';
import { acceptedBody } from './report-reply.js';
import { stateValues } from './state-values.js';

export async function runAction(core: WorkspaceCore, request: ActionRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  const triggerId = core.triggers.issue(user.id);
  const ts = actionTs(core.now());

  if (request.source.kind === 'message') {
    const message = core.channel.get(request.source.ts);
    const visible =
      message && !message.deleted && (message.ephemeralTo === null || message.ephemeralTo === user.id);
    if (!message || !visible) return { ok: false, error: 'message_not_found' };
    const found = findElement(message.blocks, request.blockId, request.actionId);
    if (!found) return { ok: false, error: 'element_not_found' };
    const action = actionObject(found.block, found.element, request.selectedValue, ts);
    if (!action.ok) return action;
    const token = core.responseUrls.issue({ kind: 'message', userId: user.id, messageTs: message.ts });
    const payload = blockActionsPayload(core.identity, {
      user,
      origin: {
        kind: 'message',
        messageTs: message.ts,
        threadTs: message.threadTs,
        isEphemeral: message.ephemeralTo !== null,
        message: message.ephemeralTo === null ? slackMessage(message, core.identity) : null,
        responseUrl: responseUrl(core, token),
      },
      action: action.action,
      triggerId,
      stateValues: {},
    });
    return deliver(core, payload, user.id);
  }

  const home = core.homes?.get(user.id) ?? null;
  const record =
    home !== null && home.id === request.source.viewId
      ? { userId: user.id, view: home }
      : core.views.find(request.source.viewId);
  if (!record || record.userId !== user.id) return { ok: false, error: 'view_not_found' };
  const blocks = Array.isArray(record.view.blocks) ? record.view.blocks : [];
  const found = findElement(blocks, request.blockId, request.actionId);
  if (!found) return { ok: false, error: 'element_not_found' };
  const action = actionObject(found.block, found.element, request.selectedValue, ts);
  if (!action.ok) return action;
  const payload = blockActionsPayload(core.identity, {
    user,
    origin: { kind: 'view', view: record.view },
    action: action.action,
    triggerId,
    stateValues: stateValues(blocks, request.values),
  });
  return deliver(core, payload, user.id);
}

async function deliver(
  core: WorkspaceCore,
  payload: Record<string, unknown>,
  userId: string,
): Promise<UiResult> {
  const reply = await core.sender.send(interactionFields(payload));
  return acceptedBody(core, reply, 'That action', userId) === null
    ? { ok: false, error: 'bot_failed' }
    : { ok: true };
}
