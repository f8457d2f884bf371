/** Text composition objects: plain_text is shown literally (with emoji), mrkdwn is formatted. */
import { isObject } from '../../shared/json-reader.js';
import { replaceEmoji } from './emoji.js';
import { escapeHtml } from './escape.js';
import { type MrkdwnContext, mrkdwnToHtml } from './mrkdwn.js';

export function renderTextObject(value: unknown, context: MrkdwnContext): string {
  if (!isObject(value) || typeof value.text !== 'string') return '';
  if (value.type === 'mrkdwn') return mrkdwnToHtml(value.text, context);
  const escaped = escapeHtml(value.text).replace(/\n/g, '<br>');
  return value.emoji === false ? escaped : replaceEmoji(escaped);
}

/** The raw string of a text object, for attributes such as aria-label and option labels. */
export function plainOf(value: unknown): string {
  return isObject(value) && typeof value.text === 'string' ? value.text : '';
}
