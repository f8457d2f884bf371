/** What `/shipwatch connect` says besides its form (docs/oauth.md, "Connecting a key"). */
import { renderNotice } from '../notice.js';
import type { SlackMessage } from '../types.js';

/** The connect form's title, also its loading view's and the notices shown in its place. */
export const CONNECT_TITLE = 'Terminal49 account';

/** Single-workspace mode: there is nothing to connect, the operator's TRACKING_API_KEY is the key. */
export function renderKeyConfiguredNotice(): SlackMessage {
  return renderNotice(
    ':information_source:',
    'This Shipwatch uses the Terminal49 key its operator configured (TRACKING_API_KEY): there is nothing to connect here.',
  );
}
