/**
 * Edit on the tracking-request card: open the loading modal with the trigger_id, check write permission (a refused
 * person sees the reason in the modal, no API call), then show the edit form prefilled with the request as it is now.
 */
import { renderTrackEditModal } from '../../../cards/modals/index.js';
import { createButtonListener } from './support/button-listener.js';
import { allowedToEdit, fillModal, openLoadingModal } from './support/modal-flow.js';
import type { InteractionRuntime } from './support/runtime.js';

const TITLE = 'Edit tracking request';

export function createEditTrackingRequestListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'modal',
    async handle(ctx, io) {
      const opened = await openLoadingModal(io, ctx, TITLE);
      if (!opened) return;
      if (!(await allowedToEdit(runtime, io, ctx, opened, { title: TITLE, target: ctx.value }))) return;
      await fillModal(runtime, io, opened, TITLE, async () => {
        const detail = await tracking.getTrackingRequest(ctx.value, { fresh: true });
        return renderTrackEditModal(detail, {
          now: clock.now(),
          channelId: ctx.channelId,
          messageTs: ctx.isEphemeral ? null : ctx.messageTs,
          threadTs: ctx.isEphemeral ? null : ctx.threadTs,
        });
      });
    },
  });
}
