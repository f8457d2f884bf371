/**
 * "Nothing matched" with a useful next step, chosen by what the input looks like: a container number whose check
 * digit does not add up is most likely a typo (and the corrected number can be offered), a bare BL usually lacks the
 * carrier's 4-letter prefix, and a booking may simply not be published by the carrier yet.
 */

import { containerCheckDigit, isValidContainerNumber } from '../domain/container-number.js';
import type { Resolution } from '../tracking/tracking-client.js';
import { actions, button, context, section } from './blocks.js';
import { clampMessage } from './format/clamp-message.js';
import { clampText } from './format/clamp-text.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { ACTION } from './ids.js';
import type { RenderContext, SlackMessage } from './types.js';

export type NotFoundResolution = Extract<Resolution, { kind: 'not_found' }>;

/**
 * The card's buttons: "Look up <corrected number>", and "Track it" (a number Terminal49 could track: start tracking
 * it, README "Start tracking from Slack"). value of both: `<channel|private>:<number>`.
 */
export const NOT_FOUND_ACTIONS = { lookUp: 'not_found_look_up', trackIt: ACTION.trackIt } as const;

export interface NotFoundCardContext extends RenderContext {
  /** Where the corrected lookup's card should go: where the original one would have (default the channel). */
  private?: boolean;
}

const CONTAINER_SHAPE = /^[A-Z]{4}\d{7}$/;
const CARRIER_PREFIX = /^[A-Z]{4}/;
const EXAMPLE_PREFIXES = ['MAEU', 'MEDU', 'CMDU', 'HLCU'] as const;

/** The not-found card for `resolution`. */
export function renderNotFoundCard(resolution: NotFoundResolution, ctx: NotFoundCardContext): SlackMessage {
  const raw = clampText(resolution.query.trim(), 100);
  const query = inlineMrkdwn(raw);
  const headline = raw === '' ? 'Nothing to look up.' : `Couldn't find *${query}*.`;
  const compact = raw.toUpperCase().replace(/\s+/g, '');
  const hints = suggestions(compact, resolution.looksLike);
  const corrected = resolution.looksLike === 'container' ? correctedContainer(compact) : null;
  const visibility = ctx.private ? 'private' : 'channel';
  const trackable = corrected === null && isTrackable(compact, resolution.looksLike);
  const buttons = [
    ...(corrected
      ? [button(`Look up ${corrected}`, NOT_FOUND_ACTIONS.lookUp, `${visibility}:${corrected}`)]
      : []),
    ...(trackable
      ? [button('Track it', NOT_FOUND_ACTIONS.trackIt, `${visibility}:${compact}`, { style: 'primary' })]
      : []),
  ];
  return clampMessage({
    text: raw === '' ? 'Nothing to look up' : `Couldn't find ${query}`,
    blocks: [
      section(`🔎 ${headline}\n${hints.map((hint) => `• ${hint}`).join('\n')}`),
      ...(buttons.length > 0 ? [actions(buttons)] : []),
      context(
        'Shipwatch looks in the shipments, containers and tracking requests of this Terminal49 account.',
      ),
    ],
  });
}

/** A number Terminal49 could be asked to track: a container number that adds up, or a BL or booking number. */
function isTrackable(compact: string, looksLike: NotFoundResolution['looksLike']): boolean {
  if (compact.length > 40) return false;
  if (looksLike === 'container') return isValidContainerNumber(compact);
  return looksLike === 'bill_of_lading_or_booking';
}

/** The container number with its check digit corrected, when the typed one does not add up. */
function correctedContainer(query: string): string | null {
  if (!CONTAINER_SHAPE.test(query)) return null;
  const expected = containerCheckDigit(query);
  return expected !== null && expected !== Number(query.charAt(10))
    ? `${query.slice(0, 10)}${expected}`
    : null;
}

/** Next steps for a query that matched nothing, as mrkdwn lines. */
export function suggestions(query: string, looksLike: NotFoundResolution['looksLike']): string[] {
  switch (looksLike) {
    case 'container':
      return containerHints(query);
    case 'bill_of_lading_or_booking':
      return billOfLadingHints(query);
    case 'id':
      return ['No shipment, tracking request or email submission on this account has that id.'];
    default:
      return [
        'Type a bill of lading, booking or container number, for example *MAEU240817361* or *MSKU9070323*.',
      ];
  }
}

function containerHints(query: string): string[] {
  if (!CONTAINER_SHAPE.test(query)) {
    return ['Container numbers have 4 letters and 7 digits, for example *MSKU9070323*. Check it for typos.'];
  }
  const expected = containerCheckDigit(query);
  const typed = Number(query.charAt(10));
  if (expected !== null && expected !== typed) {
    const corrected = `${query.slice(0, 10)}${expected}`;
    return [
      `The last digit of a container number is a check digit, and it doesn't match: did you mean *${corrected}*?`,
      'Otherwise check the other characters for typos.',
    ];
  }
  return [
    'No shipment on this account contains this container. Check the number, or look it up by its bill of lading.',
    'A container only shows up once its shipment is tracked on Terminal49.',
  ];
}

function billOfLadingHints(query: string): string[] {
  const hints: string[] = [];
  if (!CARRIER_PREFIX.test(query)) {
    const examples = EXAMPLE_PREFIXES.map((prefix) => `*${prefix}${inlineMrkdwn(query)}*`).join(', ');
    hints.push(
      `Bills of lading usually start with the carrier's 4-letter code: try with the carrier prefix, e.g. ${examples}.`,
    );
  } else {
    hints.push('Check the number for typos; BL numbers are matched exactly.');
  }
  hints.push(
    "If it's a booking number, the carrier may not have published it yet; a new booking can take a few days to appear.",
  );
  return hints;
}
