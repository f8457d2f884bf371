/**
 * The audit lines every write leaves in the card's thread ("✏️ <@U123> set `PO number` = 4500123 on TCLU1234568").
 * Values come from users and the API, so they are escaped (&, <, >), put on one line, stripped of bidi controls, and
 * their styling characters and backticks are replaced with look-alikes: a value can neither ping anyone, fake a link,
 * restyle the line, nor break out of its code span.
 */
import { clampMrkdwn } from './format/clamp-text.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

const VALUE_MAX = 200;
const LINE_MAX = 2900;

/** Makes an API- or user-sourced string safe for one line of mrkdwn (clipped before escaping, so no entity is cut). */
function auditValue(text: string, max = VALUE_MAX): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const clipped = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  // Any backtick would end the code span the value sits in, so all of them go, not only the styling ones.
  return inlineMrkdwn(clipped).replace(/`/g, 'ˋ');
}

/** A code span around a safe value; an empty value still shows as an empty pair of quotes. */
function code(text: string): string {
  const value = auditValue(text);
  return value ? `\`${value}\`` : '“”';
}

/** Slack user mention; ids are validated so a forged id cannot smuggle mrkdwn. */
function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : auditValue(userId);
}

function line(text: string): SlackMessage {
  // Cut as mrkdwn: a plain slice could split an entity or a mention when escaping has lengthened the values.
  const clipped = clampMrkdwn(text, LINE_MAX);
  return { text: clipped, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: clipped }] }] };
}

/** "✏️ <@U123> set `PO number` = 4500123 on TCLU1234568": the field by its label, the slug only without one. */
export function renderCustomFieldAuditLine(input: {
  userId: string;
  slug: string;
  /** The definition's display name; people know the field by it, not by its API slug. */
  label?: string | null;
  value: string;
  containerNumber: string;
}): SlackMessage {
  const field = input.label?.trim() ? input.label : input.slug;
  return line(
    `✏️ ${mention(input.userId)} set ${code(field)} = ${auditValue(input.value) || '“”'} on ${auditValue(input.containerNumber)}`,
  );
}

/** "🔄 <@U123> rotated `invoice.png` 90°" */
export function renderRotateAuditLine(input: {
  userId: string;
  documentName: string;
  degrees: number;
}): SlackMessage {
  return line(`🔄 ${mention(input.userId)} rotated ${code(input.documentName)} ${input.degrees}°`);
}

/** What a track edit changed: null = cleared; undefined = left alone. */
export interface TrackEditChanges {
  ref?: string | null;
  tags?: readonly string[];
}

/** "🏷️ <@U123> changed ref to `ABC`, tags to `a, b` on tracking request `MAEU123`" */
export function renderTrackEditAuditLine(input: {
  userId: string;
  requestNumber: string;
  changes: TrackEditChanges;
}): SlackMessage {
  const changed: string[] = [];
  const cleared: string[] = [];
  const { ref, tags } = input.changes;
  if (ref !== undefined) (ref ? changed : cleared).push(ref ? `ref to ${code(ref)}` : 'ref');
  if (tags !== undefined) {
    (tags.length > 0 ? changed : cleared).push(tags.length > 0 ? `tags to ${code(tags.join(', '))}` : 'tags');
  }
  const phrases = [
    ...(changed.length > 0 ? [`changed ${changed.join(', ')}`] : []),
    ...(cleared.length > 0 ? [`cleared the ${cleared.join(' and ')}`] : []),
  ];
  const what = phrases.length > 0 ? phrases.join(' and ') : 'saved without changes';
  return line(`🏷️ ${mention(input.userId)} ${what} on tracking request ${code(input.requestNumber)}`);
}
