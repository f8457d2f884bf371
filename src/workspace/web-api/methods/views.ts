/**
 * views.open / update / push with Slack's trigger rules: a trigger_id is good once, for 3 seconds, and it opens the
 * modal for the user whose interaction produced it.
 */

import { arrayAt, isObject, type JsonObject } from '../../shared/json-reader.js';
import { checkView } from '../block-kit-check.js';
import { fail, invalid, type WebApiContext, type WebApiMethod } from '../context.js';
import { withGeneratedIds } from '../generated-ids.js';

function readView(
  args: JsonObject,
  context: WebApiContext,
): { ok: true; view: JsonObject } | { ok: false; error: JsonObject } {
  const errors = checkView(args.view);
  if (errors.length > 0 || !isObject(args.view))
    return { ok: false, error: invalid('invalid_arguments', errors) };
  const blocks = arrayAt(args.view, 'blocks') ?? [];
  return {
    ok: true,
    view: { ...args.view, blocks: context.generatesIds ? withGeneratedIds(blocks) : blocks.filter(isObject) },
  };
}

function consumeTrigger(args: JsonObject, context: WebApiContext) {
  if (typeof args.trigger_id !== 'string' || args.trigger_id === '') {
    return { ok: false as const, error: 'invalid_trigger_id' };
  }
  return context.triggers.consume(args.trigger_id);
}

export const open: WebApiMethod = (args, context) => {
  const view = readView(args, context);
  if (!view.ok) return view.error;
  const trigger = consumeTrigger(args, context);
  if (!trigger.ok) return fail(trigger.error);
  const record = context.views.open(trigger.userId, view.view);
  return { ok: true, view: record.view };
};

export const push: WebApiMethod = (args, context) => {
  const view = readView(args, context);
  if (!view.ok) return view.error;
  const trigger = consumeTrigger(args, context);
  if (!trigger.ok) return fail(trigger.error);
  const result = context.views.push(trigger.userId, view.view);
  return result.ok ? { ok: true, view: result.record.view } : fail(result.error);
};

export const update: WebApiMethod = (args, context) => {
  const viewId = typeof args.view_id === 'string' && args.view_id !== '' ? args.view_id : undefined;
  const externalId =
    typeof args.external_id === 'string' && args.external_id !== '' ? args.external_id : undefined;
  if (!viewId && !externalId) return fail('invalid_arguments');
  const view = readView(args, context);
  if (!view.ok) return view.error;
  const hash = typeof args.hash === 'string' ? args.hash : undefined;
  const result = context.views.update(viewId ? { viewId } : { externalId }, view.view, hash);
  return result.ok ? { ok: true, view: result.record.view } : fail(result.error);
};
