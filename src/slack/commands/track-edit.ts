/**
 * `/track-edit <id>` opens the edit form; `/track-edit <id> ref=… tags=…` applies the change at once.
 * Form: the trigger_id expires 3 s after the command, so a loading modal is opened before anything else; the
 * tracking request is read while the write policy is checked, and the modal is replaced by the form (or by a notice
 * saying why not). The form's submission is handled with the other modal listeners (views/).
 * Direct edit (track-edit-direct.ts): the one write flow, then the tracking-request card in the channel with the audit
 * line in its thread; `ref=` with nothing after it asks first, since it clears the ref number.
 */
import { renderTrackEditModal } from '../../cards/modals/index.js';
import { renderClearRefConfirm } from '../../cards/track-edit-confirm.js';
import { TRACK_EDIT_COMMAND_ACTION } from '../../features/tracking-requests/direct-edit.js';
import { readTrackingRequest } from '../../features/tracking-requests/tracking-requests.js';
import { applyDirectEdit, type DirectEditIo, directEditIntent } from '../flows/direct-edit.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import type { SlackRuntime } from '../runtime.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';
import { parseTrackEdit } from './text/index.js';

const MODAL_TITLE = 'Edit tracking request';

export const trackEditCommand: CommandSpec = {
  slash: '/track-edit',
  words: ['track-edit', 'trackedit'],
  usage: '/track-edit <tracking request id> [ref=VALUE] [tags=a,b]',
  description:
    'Change a tracking request’s reference number and tags: opens a form, or applies `ref=` / `tags=` at once (`ref=` alone clears it, after asking; quote values with spaces).',
  examples: (n) => [
    `/track-edit ${n.trackingRequestId}`,
    `/track-edit ${n.trackingRequestId} ref=PO-4500123 tags=urgent,customer-x`,
  ],
  readsData: true,
  opensForm: (text) => {
    const parsed = parseTrackEdit(text);
    return parsed.ok && parsed.value.ref === undefined && parsed.value.tags === undefined;
  },
  earlyIntent: (runtime, invocation, text) => {
    const parsed = parseTrackEdit(text);
    // Only a direct edit writes on its own: the form writes on Save, and clearing the ref is asked first.
    if (!parsed.ok || parsed.value.ref === null) return null;
    if (parsed.value.ref === undefined && parsed.value.tags === undefined) return null;
    return directEditIntent(runtime, directEditIo(invocation), parsed.value);
  },
  create: (runtime) =>
    guarded(runtime, '/track-edit', async (invocation) => {
      const parsed = parseTrackEdit(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, trackEditCommand, parsed.problem);
      const { id, ref, tags } = parsed.value;
      if (ref === undefined && tags === undefined) {
        await openEditForm(runtime, invocation, id);
      } else if (ref === null) {
        // `ref=` with nothing after it clears the ref number: asked first, never done on a slip of the keyboard.
        await invocation.replier.tell(renderClearRefConfirm({ id, ...(tags ? { tags } : {}) }));
      } else {
        await applyDirectEdit(
          runtime,
          {
            ...directEditIo(invocation),
            client: invocation.client,
            features: invocation.features,
            begun: invocation.begun === true,
          },
          parsed.value,
        );
      }
    }),
};

async function openEditForm(runtime: SlackRuntime, invocation: CommandInvocation, id: string): Promise<void> {
  const { payload } = invocation;
  const io = { client: invocation.client, replier: invocation.replier };
  const hint = `Try again, or edit directly: \`/track-edit ${id.replace(/[`<>&]/g, '')} ref=… tags=…\``;
  const opened = await openLoadingModal(runtime, io, payload.trigger_id, MODAL_TITLE, hint);
  if (!opened) return;
  // Read while the policy is checked: both wait on the network, and the form needs both.
  const loading = readTrackingRequest(invocation.features, id);
  loading.catch(() => {});
  const edit = {
    title: MODAL_TITLE,
    action: TRACK_EDIT_COMMAND_ACTION,
    target: id,
    teamId: payload.team_id ?? null,
    tenant: invocation.features.tenant,
  };
  if (!(await allowedToEdit(runtime, io, opened, edit))) return;
  await fillModal(runtime, io, opened, MODAL_TITLE, async () =>
    renderTrackEditModal(await loading, { now: runtime.clock.now(), channelId: payload.channel_id }),
  );
}

function directEditIo(invocation: CommandInvocation): DirectEditIo {
  return {
    replier: invocation.replier,
    teamId: invocation.payload.team_id ?? null,
    triggerId: invocation.payload.trigger_id,
  };
}
