/**
 * The Block Kit limits and the functions that enforce them at render time, in one import. The numbers live in
 * block-kit-limits.ts, text cutting in clamp-text.ts and whole-message enforcement in clamp-message.ts.
 */
export * from './block-kit-limits.js';
export { blockTextLength, clampMessage } from './clamp-message.js';
export { clampMrkdwn, clampText } from './clamp-text.js';
