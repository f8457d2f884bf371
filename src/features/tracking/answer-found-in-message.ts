/**
 * "Find shipments in this message", answered (README "Start tracking from Slack"): the shipping numbers a message
 * names, looked up with the fewest requests (find-in-message.ts), and said in that message's thread: the shipment's
 * card when the message names one shipment, else a compact list with a card per row on demand; numbers not tracked
 * get **Track it**. Nothing found, or a failure, is said to the person alone.
 */
import { renderErrorCard, renderShipmentCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import { renderFoundList } from '../../cards/tracking/found-in-message.js';
import type { SlackMessage } from '../../cards/types.js';
import type { FeatureContext } from '../context.js';
import { type FoundNumber, findShipmentsInText } from './find-in-message.js';

const NOTHING_FOUND =
  'No container, bill of lading or booking number in this message. Container numbers need a valid check digit; a bare booking number is read after the word “booking”.';

/** Where the answer goes: the message's thread, or the person alone. */
export interface MessageAnswers {
  /** In the thread of the message the numbers were found in. */
  followUp(message: SlackMessage): Promise<unknown>;
  /** Only the person who asked. */
  tell(message: SlackMessage): Promise<unknown>;
}

export async function answerFoundInMessage(
  ctx: FeatureContext,
  answers: MessageAnswers,
  text: string,
): Promise<void> {
  let found: FoundNumber[];
  try {
    found = await findShipmentsInText(ctx, text);
  } catch (error) {
    ctx.logger.warn('finding shipments in a message failed', { error });
    await answers.tell(renderErrorCard(error, { now: ctx.clock.now() }));
    return;
  }
  const now = ctx.clock.now();
  const [only] = found;
  if (only === undefined) {
    await answers.tell(renderNotice(':mag:', NOTHING_FOUND));
    return;
  }
  if (found.length === 1 && only.found === 'shipment') {
    await answers.followUp(
      renderShipmentCard(only.detail, {
        now,
        matchedContainer: only.kind === 'container' ? only.number : null,
      }),
    );
    return;
  }
  await answers.followUp(renderFoundList(found, { now }));
}
