/**
 * Every Block Kit limit Shipwatch relies on, as named constants (Slack's Block Kit reference,
 * https://api.slack.com/reference/block-kit). Slack rejects the whole message or view when one is exceeded, so
 * renderers size their output with these and `clampMessage` enforces them again as a last line of defence. The
 * local workspace's validator (src/workspace/web-api/block-kit-check.ts, which the tests use too) checks the same
 * numbers.
 */

/** Blocks in one message. */
export const MAX_MESSAGE_BLOCKS = 50;
/** Blocks in one modal or Home tab. */
export const MAX_MODAL_BLOCKS = 100;
/** Top-level `text` is truncated by Slack beyond this. */
export const MAX_MESSAGE_TEXT = 40_000;
/**
 * Slack answers `msg_blocks_too_long` at roughly 13.2k characters of block text (undocumented, bolt-js#2509); cards
 * stay under this budget and summarise instead.
 */
export const MESSAGE_TEXT_BUDGET = 12_000;

/** Any text object (mrkdwn or plain_text) not covered by a tighter limit below. */
export const MAX_TEXT_OBJECT = 3000;
export const MAX_SECTION_TEXT = 3000;
export const MAX_SECTION_FIELDS = 10;
export const MAX_FIELD_TEXT = 2000;
export const MAX_HEADER_TEXT = 150;
export const MAX_CONTEXT_ELEMENTS = 10;
export const MAX_ACTIONS_ELEMENTS = 25;

export const MAX_BUTTON_TEXT = 75;
export const MAX_BUTTON_VALUE = 2000;
export const MAX_URL = 3000;
export const MAX_ACCESSIBILITY_LABEL = 75;

export const MIN_OVERFLOW_OPTIONS = 2;
export const MAX_OVERFLOW_OPTIONS = 5;
export const MAX_SELECT_OPTIONS = 100;
export const MAX_OPTION_GROUPS = 100;
export const MAX_CHOICE_OPTIONS = 10;
export const MAX_OPTION_TEXT = 75;
export const MAX_OPTION_DESCRIPTION = 75;
export const MAX_OPTION_VALUE = 150;

/** action_id, block_id and view callback_id. */
export const MAX_ID_LENGTH = 255;

export const MAX_CONFIRM_TITLE = 100;
export const MAX_CONFIRM_TEXT = 300;
export const MAX_CONFIRM_BUTTON = 30;

export const MAX_IMAGE_ALT_TEXT = 2000;
export const MAX_IMAGE_TITLE = 2000;

export const MAX_MODAL_TITLE = 24;
export const MAX_MODAL_BUTTON = 24;
export const MAX_PRIVATE_METADATA = 3000;
export const MAX_INPUT_LABEL = 2000;
export const MAX_INPUT_HINT = 2000;
export const MAX_PLACEHOLDER = 150;
export const MAX_PLAIN_TEXT_INPUT_LENGTH = 3000;
