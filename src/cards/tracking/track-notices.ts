/**
 * The short messages of tracking from Slack: the audit line under a new request's card, the line that says the request
 * became a tracked shipment, and the private notes (not a number, which carrier).
 */
import { actions, button, context, section } from '../blocks.js';
import { MAX_BUTTON_VALUE } from '../format/block-kit-limits.js';
import { clampMrkdwn } from '../format/clamp-text.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { ACTION } from '../ids.js';
import { renderNotice } from '../notice.js';
import type { SlackMessage } from '../types.js';

function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

function line(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [context(clipped)] };
}

/** "📡 @alice asked Terminal49 to track MAEU123 (carrier MAEU)." */
export function renderTrackStartedLine(input: {
  userId: string;
  number: string;
  scac: string | null;
}): SlackMessage {
  const carrier = input.scac ? ` with carrier ${inlineMrkdwn(input.scac)}` : '';
  return line(
    `📡 ${mention(input.userId)} asked Terminal49 to track ${inlineMrkdwn(input.number)}${carrier}. This card follows the request.`,
  );
}

/** "✅ Terminal49 now tracks MAEU123: this card is its shipment card, watched in this channel for @alice." */
export function renderNowTrackedLine(input: {
  number: string;
  watched: boolean;
  /** Who asked for the tracking (the watch is theirs); null when not known. */
  userId?: string | null;
}): SlackMessage {
  const forWhom = input.userId ? ` for ${mention(input.userId)}` : '';
  return line(
    input.watched
      ? `✅ Terminal49 now tracks ${inlineMrkdwn(input.number)}: this card is its shipment card, watched in this channel${forWhom} (changes are posted in this thread).`
      : `✅ Terminal49 now tracks ${inlineMrkdwn(input.number)}: this card is its shipment card. It is already watched in this channel on another card.`,
  );
}

/** "ℹ️ MAEU123 is already tracked; nothing new was created.": a number the account tracks, or asked for already. */
export function renderTrackAlreadyLine(input: { number: string; pending: boolean }): SlackMessage {
  const what = input.pending ? 'already being looked up by Terminal49' : 'already tracked';
  return renderNotice('ℹ️', `${input.number} is ${what}; nothing new was created.`);
}

/** Said privately: the number cannot be tracked as typed. */
export function renderTrackInvalidNotice(input: { number: string; reason: string }): SlackMessage {
  const text = `:warning: *${inlineMrkdwn(input.number)}* cannot be tracked: ${inlineMrkdwn(input.reason)}`;
  return { text: clampMrkdwn(text, 2900), blocks: [section(clampMrkdwn(text, 2900))] };
}

/** Said privately when the carrier needs confirming and the form could not open at once: a button opens it. */
export function renderChooseCarrierNote(input: { number: string; value: string }): SlackMessage {
  const text = `:mag: Which carrier issued *${inlineMrkdwn(input.number)}*? Terminal49 is not sure; pick it before tracking starts.`;
  return {
    text: clampMrkdwn(text, 2900),
    blocks: [
      section(text),
      ...(input.value.length <= MAX_BUTTON_VALUE
        ? [
            actions([
              button('Choose the carrier', ACTION.trackChooseCarrier, input.value, { style: 'primary' }),
            ]),
          ]
        : []),
    ],
  };
}
