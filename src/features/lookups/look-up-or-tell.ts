/**
 * Runs a lookup's API call. When it fails, the person who asked is told privately with an error card about `subject`
 * (what they asked for) and `{ ok: false }` comes back: the use case has nothing more to do. A failure here is the
 * API's answer, not a bug, hence a warning and a specific card rather than the command's generic one.
 */
import { type ErrorSubject, renderErrorCard } from '../../cards/error-card.js';
import type { FeatureContext } from '../context.js';
import type { LookupReplies } from './lookup-replies.js';

export type LookupResult<T> = { ok: true; value: T } | { ok: false };

export async function lookUpOrTell<T>(
  ctx: Pick<FeatureContext, 'clock' | 'logger'>,
  replies: Pick<LookupReplies, 'tell'>,
  what: { command: string; subject: ErrorSubject | string },
  lookUp: () => Promise<T>,
): Promise<LookupResult<T>> {
  try {
    return { ok: true, value: await lookUp() };
  } catch (error) {
    ctx.logger.warn('lookup failed', { command: what.command, error });
    const card = renderErrorCard(error, { now: ctx.clock.now(), subject: what.subject });
    await replies.tell(card);
    return { ok: false };
  }
}
