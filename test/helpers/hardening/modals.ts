/**
 * Real modals to submit: open the form the way a person does (`/track-edit <id>`, or a container's "Set custom field"
 * menu) and read the view the bot filled in from the fake Web API's views.update call, so a submission carries the
 * private_metadata and view id the bot itself produced.
 */
import { INPUT, VIEW } from '../../../src/cards/ids.js';
import { customFieldValueBlockId } from '../../../src/cards/modals/index.js';
import type { HttpAnswer } from '../slack/bot-harness.js';
import type { FakeSlackCall } from '../slack/fake-slack-api.js';
import { nextId } from '../slack/payloads.js';
import { type CardElement, click, type PostedCard } from './cards.js';
import type { World } from './world.js';

export interface OpenedForm {
  viewId: string;
  callbackId: string;
  privateMetadata: string;
  view: Record<string, unknown>;
}

/** `/track-edit <id>` as `userId` in `channelId`; resolves with the filled-in form. */
export async function openTrackEditForm(
  world: World,
  trackingRequestId: string,
  options: { userId?: string; channelId?: string } = {},
): Promise<OpenedForm> {
  const before = world.slack.calls.length;
  await world.command('/track-edit', trackingRequestId, {
    channelId: options.channelId ?? nextId('C'),
    ...(options.userId ? { userId: options.userId } : {}),
  });
  return waitForForm(world, VIEW.trackEdit, before);
}

/** Chooses "Set custom field" in a container row's menu; resolves with the filled-in form. */
export async function openCustomFieldForm(
  world: World,
  card: PostedCard,
  menuOption: CardElement,
  options: { userId?: string } = {},
): Promise<OpenedForm> {
  const before = world.slack.calls.length;
  await click(world, card, menuOption, options);
  return waitForForm(world, VIEW.customField, before);
}

/** The first views.update after call number `after` that put a view with `callbackId` up. */
export async function waitForForm(
  world: World,
  callbackId: string,
  after: number,
  timeoutMs = 5_000,
): Promise<OpenedForm> {
  const call = await world.slack.waitForCall(
    'views.update',
    (candidate) => world.slack.calls.indexOf(candidate) >= after && callbackOf(candidate) === callbackId,
    timeoutMs,
  );
  const view = viewOf(call);
  return {
    viewId: String(call.args.view_id ?? ''),
    callbackId,
    privateMetadata: typeof view.private_metadata === 'string' ? view.private_metadata : '',
    view,
  };
}

function viewOf(call: FakeSlackCall): Record<string, unknown> {
  const view = call.args.view;
  return view !== null && typeof view === 'object' && !Array.isArray(view) ? { ...view } : {};
}

function callbackOf(call: FakeSlackCall): string | null {
  const callbackId = viewOf(call).callback_id;
  return typeof callbackId === 'string' ? callbackId : null;
}

/** Saves `value` into the custom field `slug` through an opened custom-field form, as a person submits it. */
export function saveCustomField(
  world: World,
  form: OpenedForm,
  value: string,
  slug = 'po_number',
): Promise<HttpAnswer & { rawBody: string }> {
  return world.submitView({
    callbackId: VIEW.customField,
    viewId: form.viewId,
    privateMetadata: form.privateMetadata,
    values: {
      [INPUT.customFieldSlug.block]: { [INPUT.customFieldSlug.action]: { selectedOption: slug } },
      [customFieldValueBlockId(slug)]: { [INPUT.customFieldValue.action]: value },
    },
  });
}
