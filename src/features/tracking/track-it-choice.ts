/**
 * **Track it** (the not-found card, and a not-found row of "Find shipments in this message"): the number its value
 * carries and the carrier inferred for it, as `/shipwatch track` would choose it; when the carrier cannot be inferred
 * the person is told why, privately. **Choose the carrier** carries the carrier modal's metadata; an unreadable one is
 * an out-of-date button.
 */
import { renderErrorCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { CardReplies } from '../card-replies.js';
import type { FeatureContext } from '../context.js';
import { type CarrierChoice, chooseCarrier } from './choose-carrier.js';

/** `<channel|private>:<number>` → the number (the visibility is the lookup's; the tracking card goes to the channel). */
export function trackItNumber(value: string): string {
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(colon + 1);
}

/** The carrier choice for the number a Track it button carries; null once the person was told it failed. */
export async function trackItChoice(
  ctx: FeatureContext,
  replies: Pick<CardReplies, 'tell'>,
  value: string,
): Promise<CarrierChoice | null> {
  const number = trackItNumber(value);
  try {
    return await chooseCarrier(ctx, number);
  } catch (error) {
    ctx.logger.warn('could not infer the carrier of a number to track', { error });
    await replies.tell(renderErrorCard(error, { now: ctx.clock.now(), subject: number }));
    return null;
  }
}

/** What "Choose the carrier" says when its metadata cannot be read. */
export function renderOutdatedCarrierButton(): SlackMessage {
  return renderNotice(':warning:', 'This button is out of date. Track the number again.');
}
