/**
 * Choosing another field in the open custom-field modal: the value input must change with it (a select for enum
 * fields, free text otherwise), so the modal is re-rendered for the chosen field. The field select dispatches this
 * block action; `hash` makes Slack refuse the update if the view changed meanwhile.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { parseCustomFieldMetadata } from '../../../cards/modals/index.js';
import { slackFailureFields } from '../../delivery/index.js';
import { readActionContext } from './support/action-context.js';
import { loadCustomFieldForm } from './support/custom-field-form.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createCustomFieldSelectListener(runtime: InteractionRuntime) {
  const { logger } = runtime.deps;
  return async ({
    ack,
    body,
    client,
  }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const view = body.view;
    const metadata = parseCustomFieldMetadata(view?.private_metadata);
    if (!view || !metadata) return;
    const selectedSlug = readActionContext(body).value;
    try {
      const next = await loadCustomFieldForm(runtime, { ...metadata, selectedSlug });
      await client.views.update({ view_id: view.id, hash: view.hash, view: next });
    } catch (error) {
      // The form still works with the previous input; the API validates whatever is submitted.
      logger.warn('custom field modal could not switch fields', { error, ...slackFailureFields(error) });
    }
  };
}
