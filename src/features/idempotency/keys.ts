/**
 * What identifies one user intent. A button intent is who clicked what on which message: action_ts is deliberately
 * left out because a double-click sends two different ones (a re-sent payload keeps its action_ts: `deliveryKey`). A modal submission is the view plus what was submitted:
 * the same view submitted again with corrected values is a new intent, the same values twice are one.
 */
import { createHash } from 'node:crypto';

export interface ButtonIntent {
  teamId: string | null;
  userId: string;
  actionId: string;
  value: string;
  /** The message carrying the button (null for buttons inside modals). */
  messageTs: string | null;
}

export function buttonIntentKey(intent: ButtonIntent): string {
  return [
    'button',
    intent.teamId ?? '-',
    intent.userId,
    intent.actionId,
    intent.value,
    intent.messageTs ?? '-',
  ].join(':');
}

/**
 * One delivered payload. Slack re-sends the same payload (same action_ts) when it thinks we did not answer, while a
 * double-click produces a new action_ts; this key catches the former for much longer than the click window.
 */
export function deliveryKey(delivery: {
  teamId: string | null;
  userId: string;
  actionId: string;
  actionTs: string;
}): string {
  return ['delivery', delivery.teamId ?? '-', delivery.userId, delivery.actionId, delivery.actionTs].join(
    ':',
  );
}

export function viewSubmissionKey(viewId: string, submittedValues: unknown): string {
  return `view:${viewId}:${hashOf(submittedValues)}`;
}

/** A stable hash: object keys are sorted so equal state never hashes differently. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex').slice(0, 32);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${stableJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
