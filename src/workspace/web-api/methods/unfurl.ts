/**
 * chat.unfurl and entity.presentDetails (docs/slack-platform.md, "Unfurling links" and "Work Objects"): link
 * previews attached to a posted message, either classic blocks per URL (`unfurls`) or Work Objects
 * (`metadata.entities`, each naming the posted URL it previews in `app_unfurl_url`), and the details of a Work Object
 * shown to the one person whose click produced the trigger_id. Where Work Objects are off, `metadata` answers
 * `invalid_metadata`, so a bot's fallback to classic previews can be seen working.
 */
import type { MessageUnfurl } from '../../protocol.js';
import { isObject } from '../../shared/json-reader.js';
import { checkBlocks } from '../block-kit-check.js';
import { fail, invalid, type WebApiMethod } from '../context.js';

/** The problems with one entity, as Slack's error lines name them; [] when it is well formed. */
export function checkEntity(entity: unknown, where: string, needsUnfurlUrl: boolean): string[] {
  if (!isObject(entity)) return [`${where} must be an object`];
  const errors: string[] = [];
  const text = (value: unknown) => typeof value === 'string' && value !== '';
  if (!text(entity.entity_type)) errors.push(`${where}.entity_type is required`);
  if (!text(entity.url)) errors.push(`${where}.url is required`);
  if (needsUnfurlUrl && !text(entity.app_unfurl_url)) errors.push(`${where}.app_unfurl_url is required`);
  const ref = entity.external_ref;
  if (!isObject(ref) || !text(ref.id)) errors.push(`${where}.external_ref.id is required`);
  const payload = entity.entity_payload;
  const attributes = isObject(payload) ? payload.attributes : undefined;
  const title = isObject(attributes) ? attributes.title : undefined;
  if (!isObject(title) || !text(title.text))
    errors.push(`${where}.entity_payload.attributes.title.text is required`);
  const fields = isObject(payload) ? payload.custom_fields : undefined;
  if (fields !== undefined && !Array.isArray(fields))
    errors.push(`${where}.entity_payload.custom_fields must be an array`);
  for (const [i, field] of (Array.isArray(fields) ? fields : []).entries()) {
    if (!isObject(field) || !text(field.key) || !text(field.type) || typeof field.label !== 'string')
      errors.push(`${where}.entity_payload.custom_fields[${i}] needs key, label and type`);
  }
  return errors;
}

export const unfurl: WebApiMethod = (args, context) => {
  // A link still in the composer (unfurl_id + source) has no message to attach to here: accepted, shown nowhere.
  if (typeof args.unfurl_id === 'string' && args.unfurl_id !== '' && args.source === 'composer')
    return { ok: true };
  const conversation = context.conversation(args.channel);
  if ('error' in conversation) return fail(conversation.error);
  if (typeof args.ts !== 'string' || conversation.messages.get(args.ts) === null)
    return fail('cannot_unfurl_message');
  const previews: MessageUnfurl[] = [];
  const metadata = args.metadata;
  if (metadata !== undefined) {
    if (context.workObjects && !context.workObjects()) return fail('invalid_metadata');
    const entities = isObject(metadata) ? metadata.entities : undefined;
    if (!Array.isArray(entities) || entities.length === 0)
      return invalid('invalid_arguments', ['metadata.entities must be a non-empty array']);
    const errors = entities.flatMap((entity, i) => checkEntity(entity, `metadata.entities[${i}]`, true));
    if (errors.length > 0) return invalid('invalid_arguments', errors);
    for (const entity of entities.filter(isObject))
      previews.push({ url: String(entity.app_unfurl_url), entity });
  }
  const unfurls = args.unfurls;
  if (unfurls !== undefined) {
    if (!isObject(unfurls))
      return invalid('invalid_arguments', ['unfurls must be an object of URL → preview']);
    for (const [url, preview] of Object.entries(unfurls)) {
      const blocks = isObject(preview) ? preview.blocks : undefined;
      const errors = checkBlocks(blocks, 'message');
      if (errors.length > 0) return invalid('invalid_blocks', errors);
      previews.push({ url, blocks: Array.isArray(blocks) ? blocks.filter(isObject) : [] });
    }
  }
  if (previews.length === 0) return fail('invalid_arguments');
  conversation.messages.attachUnfurls(args.ts, previews);
  return { ok: true };
};

export const presentDetails: WebApiMethod = (args, context) => {
  if (typeof args.trigger_id !== 'string' || args.trigger_id === '') return fail('invalid_trigger_id');
  const error = isObject(args.error) ? args.error : null;
  const entity = isObject(args.metadata) ? args.metadata : null;
  if (entity === null && error === null)
    return invalid('invalid_arguments', ['metadata or error is required']);
  if (entity !== null) {
    const errors = checkEntity(entity, 'metadata', false);
    if (errors.length > 0) return invalid('invalid_arguments', errors);
  }
  const trigger = context.triggers.consume(args.trigger_id);
  if (!trigger.ok) return fail(trigger.error);
  context.flexpanes?.present(trigger.userId, entity, error);
  return { ok: true };
};
