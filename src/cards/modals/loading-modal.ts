/**
 * Placeholder and notice modals. A trigger_id expires 3 s after the click, so listeners open the loading modal
 * before any API call and replace it with `views.update` once the data is there (or with a notice when it is not).
 */
import { VIEW } from '../ids.js';
import type { ModalView } from '../types.js';
import { mrkdwnWithin, plain } from './modal-text.js';

const TITLE_MAX = 24;

/** A modal that says the data is on its way; its title is the title the final modal will have. */
export function renderLoadingModal(title: string): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.loading,
    title: plain(title, TITLE_MAX),
    close: plain('Cancel', TITLE_MAX),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: ':hourglass_flowing_sand: Loading…' } }],
  };
}

/** A modal with one message and a Close button: the outcome when the form cannot be shown. */
export function renderNoticeModal(title: string, message: string): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.loading,
    title: plain(title, TITLE_MAX),
    close: plain('Close', TITLE_MAX),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: mrkdwnWithin(message, 2900) } }],
  };
}
