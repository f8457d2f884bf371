/**
 * views.publish (the App Home tab) and the lookups Home and file sharing make: users.conversations (the channels a
 * person is in) and conversations.open (the app's direct message with a person). A published Home is kept per person
 * and replaces the one before, as in Slack.
 */
import { isObject, type JsonObject } from '../../shared/json-reader.js';
import { checkView } from '../block-kit-check.js';
import { fail, invalid, type WebApiMethod } from '../context.js';
import { withGeneratedIds } from '../generated-ids.js';

/** Each person's published Home view. */
export interface HomeTabs {
  publish(userId: string, view: JsonObject): JsonObject;
  get(userId: string): JsonObject | null;
  onChange?(listener: () => void): () => void;
}

export function createHomeTabs(now: () => number = Date.now): HomeTabs {
  const views = new Map<string, JsonObject>();
  const listeners = new Set<() => void>();
  let seq = 0;
  return {
    publish(userId, view) {
      seq += 1;
      const published = {
        ...view,
        id: `VH${String(seq).padStart(8, '0')}`,
        hash: `${Math.floor(now() / 1000)}.${seq.toString(36)}`,
      };
      views.set(userId, published);
      for (const listener of listeners) listener();
      return published;
    },
    get: (userId) => views.get(userId) ?? null,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const viewsPublish: WebApiMethod = (args, context) => {
  if (typeof args.user_id !== 'string' || args.user_id === '') return fail('invalid_arguments');
  if (!context.user(args.user_id)) return fail('user_not_found');
  if (!isObject(args.view) || args.view.type !== 'home')
    return invalid('invalid_arguments', ['must be home [json-pointer:/view/type]']);
  const errors = checkView(args.view);
  if (errors.length > 0) return invalid('invalid_blocks', errors);
  if (!context.homes) return fail('not_allowed_token_type');
  const blocks = Array.isArray(args.view.blocks) ? args.view.blocks.filter(isObject) : [];
  const view = { ...args.view, blocks: context.generatesIds ? withGeneratedIds(blocks) : blocks };
  return { ok: true, view: context.homes.publish(args.user_id, view) };
};

export const usersConversations: WebApiMethod = (args, context) => {
  const userId = typeof args.user === 'string' && args.user !== '' ? args.user : null;
  if (userId === null) return fail('invalid_arguments');
  if (!context.user(userId)) return fail('user_not_found');
  const channels = (context.memberships?.(userId) ?? []).map((id) => ({ id, is_member: true }));
  return { ok: true, channels, response_metadata: { next_cursor: '' } };
};

export const conversationsOpen: WebApiMethod = (args, context) => {
  const users = typeof args.users === 'string' ? args.users.split(',').filter(Boolean) : [];
  const [userId] = users;
  if (users.length !== 1 || userId === undefined) return fail('invalid_arguments');
  if (!context.user(userId)) return fail('user_not_found');
  const id = context.directMessage?.(userId) ?? null;
  return id === null ? fail('method_not_supported_for_channel_type') : { ok: true, channel: { id } };
};
