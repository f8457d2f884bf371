/**
 * The container row's overflow menu → "Set custom field": open the loading modal with the trigger_id first, then
 * check write permission (a refused person sees the reason in the modal and no API call is made), then load the
 * form. The modal remembers where the card is so the submission can update it and thread the audit line.
 */
import { ACTION } from '../../cards/index.js';
import { readContainerMenuOption } from '../../features/alerts/container-menu-option.js';
import { ownAlert } from '../../features/alerts/own-alert-write.js';
import {
  CUSTOM_FIELD_MODAL_TITLE,
  loadCustomFieldForm,
} from '../../features/custom-fields/custom-field-form.js';
import { flowPorts } from '../flows/flow-ports.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import { type ActionContext, findButtonValue } from './action-context.js';
import type { ButtonSpec } from './button.js';
import { clickWrite } from './click-writes.js';

export const containerOverflowMenu: ButtonSpec = {
  actionIds: [ACTION.containerOverflow],
  access: 'modal',
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const option = readContainerMenuOption(ctx.value);
      if (option.kind === 'alert') {
        // Snooze or done on a watched card's box (README "Owning an alert"): a write, through the write flow.
        const shipmentId = locateCard(ctx).shipmentId;
        if (shipmentId === null) return;
        const action = `${ctx.actionId}:${option.what}`;
        const ports = flowPorts(runtime, { replier, client, features });
        await ownAlert(features, ports, { ...clickWrite(ctx), shipmentId, action }, option.choice);
        return;
      }
      if (option.kind !== 'set_field') {
        // The "Open in Terminal49" option is a link: Slack opens it and still sends this action, which needs no answer.
        if (option.kind === 'unknown')
          runtime.logger.warn('unknown container overflow option', { value: ctx.value });
        return;
      }
      const { containerId, containerNumber } = option;
      const io = { client, replier };
      const opened = await openLoadingModal(runtime, io, ctx.triggerId, CUSTOM_FIELD_MODAL_TITLE);
      if (!opened) return;
      const edit = {
        title: CUSTOM_FIELD_MODAL_TITLE,
        action: ctx.actionId,
        target: containerId,
        teamId: ctx.teamId,
        tenant: features.tenant,
      };
      if (!(await allowedToEdit(runtime, io, opened, edit))) return;
      await fillModal(runtime, io, opened, CUSTOM_FIELD_MODAL_TITLE, () =>
        loadCustomFieldForm(features, { containerId, containerNumber, ...locateCard(ctx) }),
      );
    },
};

/**
 * The shipment card this menu belongs to. On the card itself its Refresh button carries the shipment id; on a
 * container-list reply in the card's thread the card is the thread's parent.
 */
function locateCard(ctx: ActionContext) {
  const fromCard = findButtonValue(ctx.messageBlocks, ACTION.shipmentRefresh);
  const shipmentId = fromCard ?? findButtonValue(ctx.messageBlocks, ACTION.shipmentShowAllContainers);
  // An ephemeral card cannot be updated or replied to once the modal is submitted (no response_url there).
  if (ctx.isEphemeral) return { shipmentId, channelId: ctx.channelId, messageTs: null, threadTs: null };
  const onCard = fromCard !== null || ctx.parentTs === null;
  return {
    shipmentId,
    channelId: ctx.channelId,
    messageTs: onCard ? ctx.messageTs : ctx.parentTs,
    threadTs: ctx.threadTs,
  };
}
