/**
 * Links in the local workspace, as Slack treats them for an app with unfurl domains (docs/unfurls.md): a person's
 * message with a link to one of them makes Slack send `link_shared`; opening a Work Object preview sends
 * `entity_details_requested` with a trigger_id for that person; a button of the details flexpane is a block action.
 */
import { randomUUID } from 'node:crypto';
import {
  blockActionsPayload,
  clickedButton,
  entityDetailsRequestedEvent,
  eventCallback,
  interactionFields,
  linkSharedEvent,
} from '../bot-link/payloads.js';
import type { ChannelMessage, FlexpaneActionRequest, OpenEntityRequest, UiResult } from '../protocol.js';
import { isObject, objectAt, stringAt } from '../shared/json-reader.js';
import { actionTs, findUser, type WorkspaceCore } from './core.js';

/** The app's unfurl domains (manifest.yml), as the local workspace knows them. */
export const UNFURL_DOMAINS: readonly string[] = ['app.terminal49.com'];
/** Slack sends at most this many links of one message. */
const MAX_LINKS = 5;

/** The links of `text` on the app's unfurl domains. */
export function unfurlableLinks(text: string): string[] {
  const links: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>|]+/g)) {
    try {
      if (UNFURL_DOMAINS.includes(new URL(match[0]).host.toLowerCase())) links.push(match[0]);
    } catch {
      // Not a URL after all.
    }
  }
  return [...new Set(links)].slice(0, MAX_LINKS);
}

/** After a person posted `message`: Slack tells the app about its links. */
export async function shareLinks(core: WorkspaceCore, message: ChannelMessage, text: string): Promise<void> {
  const urls = unfurlableLinks(text);
  if (urls.length === 0) return;
  const at = core.now();
  await core.sender.sendEvent(
    eventCallback(
      core.identity,
      linkSharedEvent({
        channelId: core.identity.channel.id,
        userId: message.userId,
        messageTs: message.ts,
        urls,
        unfurlId: randomUUID(),
        at,
      }),
      `Ev${randomUUID()}`,
      at,
    ),
  );
}

export async function openEntity(core: WorkspaceCore, request: OpenEntityRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  const message = core.channel.get(request.ts);
  const entity = message?.unfurls?.find((unfurl) => unfurl.url === request.url)?.entity;
  if (!message || !entity) return { ok: false, error: 'not_found' };
  const ref = objectAt(entity, 'external_ref');
  const at = core.now();
  core.flexpanes.opening(user.id, { channelId: core.identity.channel.id, ts: message.ts, url: request.url });
  const reply = await core.sender.sendEvent(
    eventCallback(
      core.identity,
      entityDetailsRequestedEvent({
        channelId: core.identity.channel.id,
        userId: user.id,
        messageTs: message.ts,
        triggerId: core.triggers.issue(user.id),
        url: request.url,
        entityUrl: stringAt(entity, 'url') ?? request.url,
        externalRef: {
          id: (ref && stringAt(ref, 'id')) ?? '',
          ...(ref && stringAt(ref, 'type') ? { type: String(stringAt(ref, 'type')) } : {}),
        },
        at,
      }),
      `Ev${randomUUID()}`,
      at,
    ),
  );
  return reply.kind === 'answered' && reply.status < 300 ? { ok: true } : { ok: false, error: 'bot_failed' };
}

export async function flexpaneAction(core: WorkspaceCore, request: FlexpaneActionRequest): Promise<UiResult> {
  const user = findUser(core, request.userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  const pane = core.flexpanes.get(user.id);
  const actions = pane?.entity ? objectAt(objectAt(pane.entity, 'entity_payload') ?? {}, 'actions') : null;
  const buttons = [actions?.primary_actions, actions?.overflow_actions].flatMap((list) =>
    Array.isArray(list) ? list.filter(isObject) : [],
  );
  const button = buttons.find(
    (b) => stringAt(b, 'action_id') === request.actionId && stringAt(b, 'value') === request.value,
  );
  if (!button) return { ok: false, error: 'not_found' };
  const payload = blockActionsPayload(core.identity, {
    user,
    origin: { kind: 'flexpane' },
    action: clickedButton({
      actionId: request.actionId,
      blockId: 'flexpane',
      actionTs: actionTs(core.now()),
      text: stringAt(button, 'text') ?? '',
      value: request.value,
    }),
    triggerId: core.triggers.issue(user.id),
    stateValues: {},
  });
  const reply = await core.sender.send(interactionFields(payload));
  return reply.kind === 'answered' && reply.status < 300 ? { ok: true } : { ok: false, error: 'bot_failed' };
}
