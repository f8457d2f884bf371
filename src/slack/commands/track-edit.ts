/**
 * `/track-edit <id>` opens the edit form; `/track-edit <id> ref=… tags=…` applies the change at once.
 * Form: the trigger_id expires 3 s after the command, so a loading modal is opened before anything else; the
 * tracking request is read while the write policy is checked (features/tracking-requests/track-edit-form.ts), and
 * the modal is replaced by the form (or by a notice saying why not). The form's submission is handled with the other
 * modal listeners (views/). What the text asks for is read by features/command-text/track-edit-request.ts.
 * Direct edit (flows/direct-edit.ts): the one write flow, then the tracking-request card in the channel with the audit
 * line in its thread; `ref=` with nothing after it asks first, since it clears the ref number.
 */
import { TRACK_EDIT_TITLE, trackEditWithoutForm } from '../../cards/modals/track-edit-modal.js';
import { renderClearRefConfirm } from '../../cards/track-edit-confirm.js';
import { readTrackEdit } from '../../features/command-text/index.js';
import { TRACK_EDIT_COMMAND_ACTION } from '../../features/tracking-requests/direct-edit.js';
import { loadTrackEditForm } from '../../features/tracking-requests/track-edit-form.js';
import { applyDirectEdit, type DirectEditIo, directEditIntent } from '../flows/direct-edit.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import type { SlackRuntime } from '../runtime.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';

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
  opensForm: (text) => readTrackEdit(text).kind === 'form',
  earlyIntent: (runtime, invocation, text) => {
    const request = readTrackEdit(text);
    // Only a direct edit writes on its own: the form writes on Save, and clearing the ref is asked first.
    return request.kind === 'direct'
      ? directEditIntent(runtime, directEditIo(invocation), request.edit)
      : null;
  },
  create: (runtime) =>
    guarded(runtime, '/track-edit', async (invocation) => {
      const request = readTrackEdit(invocation.text);
      if (request.kind === 'usage') return tellUsage(runtime, invocation, trackEditCommand, request.problem);
      if (request.kind === 'form') return openEditForm(runtime, invocation, request.id);
      if (request.kind === 'clear_ref')
        return void (await invocation.replier.tell(renderClearRefConfirm(request.edit)));
      await applyDirectEdit(
        runtime,
        {
          ...directEditIo(invocation),
          client: invocation.client,
          features: invocation.features,
          begun: invocation.begun === true,
        },
        request.edit,
      );
    }),
};

async function openEditForm(runtime: SlackRuntime, invocation: CommandInvocation, id: string): Promise<void> {
  const { payload } = invocation;
  const io = { client: invocation.client, replier: invocation.replier };
  const title = TRACK_EDIT_TITLE;
  const opened = await openLoadingModal(runtime, io, payload.trigger_id, title, trackEditWithoutForm(id));
  if (!opened) return;
  const form = loadTrackEditForm(invocation.features, id, payload.channel_id);
  const { tenant } = invocation.features;
  const edit = {
    title,
    action: TRACK_EDIT_COMMAND_ACTION,
    target: id,
    teamId: payload.team_id ?? null,
    tenant,
  };
  if (!(await allowedToEdit(runtime, io, opened, edit))) return;
  await fillModal(runtime, io, opened, title, form);
}

function directEditIo(invocation: CommandInvocation): DirectEditIo {
  return {
    replier: invocation.replier,
    teamId: invocation.payload.team_id ?? null,
    triggerId: invocation.payload.trigger_id,
  };
}
