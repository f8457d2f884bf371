/**
 * Choosing another field in the open custom-field modal: the value input must change with it (a select for enum
 * fields, free text otherwise), so the modal is re-rendered for the chosen field. The field select dispatches this
 * block action; `hash` makes Slack refuse the update if the view changed meanwhile.
 */
import { INPUT } from '../../cards/index.js';
import { parseCustomFieldMetadata } from '../../cards/modals/index.js';
import { loadCustomFieldForm } from '../../features/custom-fields/custom-field-form.js';
import { featuresOf } from '../context/feature-context.js';
import { slackFailureFields } from '../delivery/index.js';
import type { SlackRuntime } from '../runtime.js';
import { readActionContext } from './action-context.js';
import type { ButtonArgs } from './button.js';

/** The one action inside a modal: no card, no channel, so it has its own small listener instead of a ButtonSpec. */
export const CUSTOM_FIELD_SELECT_ACTION = INPUT.customFieldSlug.action;

export function createCustomFieldSelectListener(runtime: SlackRuntime) {
  return async ({ ack, body, client, context }: ButtonArgs): Promise<void> => {
    await ack();
    const view = body.view;
    const metadata = parseCustomFieldMetadata(view?.private_metadata);
    if (!view || !metadata) return;
    const selectedSlug = readActionContext(body).value;
    try {
      const next = await loadCustomFieldForm(featuresOf(runtime, context), { ...metadata, selectedSlug });
      await client.views.update({ view_id: view.id, hash: view.hash, view: next });
    } catch (error) {
      // The form still works with the previous input; the API validates whatever is submitted.
      runtime.logger.warn('custom field modal could not switch fields', {
        error,
        ...slackFailureFields(error),
      });
    }
  };
}
