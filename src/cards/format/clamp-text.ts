/**
 * Cutting text to a Block Kit length without breaking it: never between the two halves of a surrogate pair (that
 * would leave an invalid character), and for mrkdwn never inside an entity (`&amp;`) or a control sequence
 * (`<!date^…|…>`, `<https://…|…>`), which Slack would otherwise render as broken markup.
 */

const ELLIPSIS = '…';

/** `text` cut to at most `max` UTF-16 units, ending with an ellipsis when something was cut. */
export function clampText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  return `${safeSlice(text, max - ELLIPSIS.length)}${ELLIPSIS}`;
}

/** Like {@link clampText}, but backs off to before an unfinished `&entity;` or `<…>` sequence. */
export function clampMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let cut = safeSlice(text, max - ELLIPSIS.length);
  const openAngle = cut.lastIndexOf('<');
  if (openAngle !== -1 && cut.indexOf('>', openAngle) === -1) cut = cut.slice(0, openAngle);
  const amp = cut.lastIndexOf('&');
  if (amp !== -1 && cut.indexOf(';', amp) === -1 && cut.length - amp <= 8) cut = cut.slice(0, amp);
  return `${cut}${ELLIPSIS}`;
}

/** The first `length` UTF-16 units of `text`, one shorter when that would split a surrogate pair. */
function safeSlice(text: string, length: number): string {
  if (length <= 0) return '';
  const last = text.charCodeAt(length - 1);
  const isHighSurrogate = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, isHighSurrogate ? length - 1 : length);
}
