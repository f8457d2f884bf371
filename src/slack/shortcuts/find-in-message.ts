/**
 * The message shortcut "Find shipments in this message" (README "Start tracking from Slack"): on any message — a
 * forwarded arrival notice, an e-mail pasted in — it finds the container, bill of lading and booking numbers, looks
 * them up with the fewest requests (features/tracking/find-in-message.ts) and answers in that message's thread: the
 * shipment's card when the message names one shipment, else a compact list with a card per row on demand; numbers
 * not tracked get **Track it**. Nothing found, or a failure, is said to the person alone.
 */
import type { MessageShortcut } from '@slack/bolt';
import { renderErrorCard, renderShipmentCard, SHORTCUT } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import { renderFoundList } from '../../cards/tracking/found-in-message.js';
import { findShipmentsInText } from '../../features/tracking/find-in-message.js';
import type { ShortcutSpec } from './shortcut.js';

const NOTHING_FOUND =
  'No container, bill of lading or booking number in this message. Container numbers need a valid check digit; a bare booking number is read after the word “booking”.';

/** The message's words: its text and its attachments' (an e-mail forwarded to Slack keeps its body there). */
export function messageText(message: MessageShortcut['message']): string {
  const attachments = Array.isArray(message.attachments) ? message.attachments : [];
  const parts = [
    typeof message.text === 'string' ? message.text : '',
    ...attachments.flatMap((attachment) => [
      attachment.pretext ?? '',
      attachment.title ?? '',
      attachment.text ?? '',
      attachment.fallback ?? '',
    ]),
  ];
  return parts.join('\n').slice(0, 40_000);
}

export const findInMessageShortcut: ShortcutSpec = {
  callbackId: SHORTCUT.findInMessage,
  type: 'message',
  name: 'Find shipments in this message',
  description:
    'Finds container, BL and booking numbers in a message and answers with their shipments in its thread.',
  create:
    (runtime) =>
    async ({ shortcut, replier, features }) => {
      let found: Awaited<ReturnType<typeof findShipmentsInText>>;
      try {
        found = await findShipmentsInText(features, messageText(shortcut.message));
      } catch (error) {
        runtime.logger.warn('finding shipments in a message failed', { error });
        await replier.tell(renderErrorCard(error, { now: runtime.clock.now() }));
        return;
      }
      const now = runtime.clock.now();
      const [only] = found;
      if (only === undefined) {
        await replier.tell(renderNotice(':mag:', NOTHING_FOUND));
        return;
      }
      if (found.length === 1 && only.found === 'shipment') {
        await replier.followUp(
          renderShipmentCard(only.detail, {
            now,
            matchedContainer: only.kind === 'container' ? only.number : null,
          }),
        );
        return;
      }
      await replier.followUp(renderFoundList(found, { now }));
    },
};
