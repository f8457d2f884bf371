/**
 * Placeholder and notice modals. A trigger_id expires 3 s after the click, so listeners open the loading modal
 * before any API call and replace it with `views.update` once the data is there (or with a notice when it is not).
 */
import { VIEW } from '../ids.js';
import { renderNotice } from '../notice.js';
import type { ModalView, SlackMessage } from '../types.js';
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

/**
 * Said privately when the loading modal could not open: Slack closed the window for it (`expired`: the trigger_id is
 * used or older than 3 s), or refused it; `hint` says what to do instead (default: click again).
 */
export function renderFormNotOpenedNotice(input: {
  expired: boolean;
  hint?: string | undefined;
}): SlackMessage {
  const said = input.expired
    ? 'Slack closed the window for opening the form before it could open.'
    : "The form couldn't be opened just now.";
  return renderNotice(':hourglass:', `${said} ${input.hint ?? 'Click the button again in a moment.'}`);
}
