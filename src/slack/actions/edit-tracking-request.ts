/**
 * Edit on the tracking-request card: open the loading modal with the trigger_id, check write permission (a refused
 * person sees the reason in the modal, no API call), then show the edit form prefilled with the request as it is now
 * (features/tracking-requests/edit-tracking-request-form.ts).
 */
import { ACTION } from '../../cards/index.js';
import { loadEditTrackingRequestForm } from '../../features/tracking-requests/edit-tracking-request-form.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import type { ButtonSpec } from './button.js';

const TITLE = 'Edit tracking request';

export const editTrackingRequestButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestEdit],
  access: 'modal',
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const io = { client, replier };
      const opened = await openLoadingModal(runtime, io, ctx.triggerId, TITLE);
      if (!opened) return;
      const edit = {
        title: TITLE,
        action: ctx.actionId,
        target: ctx.value,
        teamId: ctx.teamId,
        tenant: features.tenant,
      };
      if (!(await allowedToEdit(runtime, io, opened, edit))) return;
      const { channelId, messageTs, threadTs, isEphemeral } = ctx;
      await fillModal(runtime, io, opened, TITLE, () =>
        loadEditTrackingRequestForm(features, {
          trackingRequestId: ctx.value,
          channelId,
          messageTs,
          threadTs,
          isEphemeral,
        }),
      );
    },
};
