/**
 * **Track it** (the not-found card, and a not-found row of "Find shipments in this message"): the number its value
 * carries (`<channel|private>:<number>`) and the carrier inferred for it, as `/shipwatch track` would choose it; when
 * the carrier cannot be inferred the person is told why, privately. **Choose the carrier** carries the carrier modal's
 * metadata; an unreadable one is an out-of-date button.
 */
import { renderErrorCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { readNumberButtonValue } from '../shipments/number-button-value.js';
import { type CarrierChoice, chooseCarrier } from './choose-carrier.js';

/** The carrier choice for the number a Track it button carries; null once the person was told it failed. */
export async function trackItChoice(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'tell'>,
  value: string,
): Promise<CarrierChoice | null> {
  // The visibility is the lookup's; the tracking card goes to the channel.
  const { number } = readNumberButtonValue(value);
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
