/** A short hash of a rendered message: equal versions mean re-posting it would change nothing people see. */
import { createHash } from 'node:crypto';
import type { SlackMessage } from '../../cards/types.js';

export function renderedVersion(message: SlackMessage): string {
  return createHash('sha256')
    .update(message.text)
    .update('\0')
    .update(JSON.stringify(message.blocks))
    .digest('hex')
    .slice(0, 16);
}
