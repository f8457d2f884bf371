/**
 * The message shortcut "Find shipments in this message" (README "Start tracking from Slack"): on any message — a
 * forwarded arrival notice, an e-mail pasted in — the use case (features/tracking/answer-found-in-message.ts) finds
 * the container, bill of lading and booking numbers and answers in that message's thread, or the person alone.
 */
import type { MessageShortcut } from '@slack/bolt';
import { SHORTCUT } from '../../cards/index.js';
import { answerFoundInMessage } from '../../features/tracking/answer-found-in-message.js';
import type { ShortcutSpec } from './shortcut.js';

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
    () =>
    async ({ shortcut, replier, features }) => {
      await answerFoundInMessage(features, replier, messageText(shortcut.message));
    },
};
