/**
 * What subscriptions say (README "Subscriptions"): the audit lines in the channel (who subscribed it to what, who
 * ended a subscription), the private list of a channel's subscriptions with how many shipments each matches, and the
 * private notes (already subscribed, no such subscription). Filters are the person's own words: escaped.
 */
import { plural } from '../../domain/words.js';
import { clampMrkdwn } from '../format/clamp-text.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import type { SlackMessage } from '../types.js';

/** What the list needs of a subscription. */
export interface ListedSubscription {
  filter: string;
  createdBy: string;
  /** Shipments matched at the last pass; null before the first completed. */
  matched: number | null;
}

/** A list of more than this many subscriptions names the first ones and counts the rest. */
const MAX_LISTED = 40;

function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

function code(filter: string): string {
  return `\`${inlineMrkdwn(filter).replaceAll('`', "'")}\``;
}

function section(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: clipped } }] };
}

function line(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: clipped }] }] };
}

/** "🔔 @alice subscribed this channel to `tag:acme`: …" */
export function renderSubscribedLine(input: { userId: string; filter: string }): SlackMessage {
  return line(
    `🔔 ${mention(input.userId)} subscribed this channel to ${code(input.filter)}: matching shipments are watched quietly, and a shipment's card is posted here when it first has news.`,
  );
}

/** "🔕 @alice ended this channel's subscription to `tag:acme`." */
export function renderUnsubscribedLine(input: { userId: string; filter: string }): SlackMessage {
  return line(
    `🔕 ${mention(input.userId)} ended this channel's subscription to ${code(input.filter)}: its shipments are no longer watched here (unless another subscription of this channel matches them).`,
  );
}

export function renderAlreadySubscribedNotice(filter: string): SlackMessage {
  return section(`:information_source: This channel is already subscribed to ${code(filter)}.`);
}

export function renderNotSubscribedNotice(what: string): SlackMessage {
  return section(
    `:information_source: This channel has no subscription ${code(what)}. \`/shipwatch subscriptions\` lists them with their numbers.`,
  );
}

function matchedWords(matched: number | null): string {
  if (matched === null) return 'counting…';
  const count = matched.toLocaleString('en-US');
  return matched === 1 ? '1 shipment matches' : `${count} shipments match`;
}

/** The channel's subscriptions, numbered (`/shipwatch unsubscribe 2`), each with its count. */
export function renderSubscriptionList(subscriptions: readonly ListedSubscription[]): SlackMessage {
  if (subscriptions.length === 0)
    return section(
      'This channel has no subscriptions. `/shipwatch subscribe tag:acme pod:USLAX` watches every matching shipment quietly and posts its card when it first has news.',
    );
  const lines = subscriptions
    .slice(0, MAX_LISTED)
    .map(
      (item, index) =>
        `${index + 1}. ${code(item.filter)} · ${matchedWords(item.matched)} · by ${mention(item.createdBy)}`,
    );
  if (subscriptions.length > MAX_LISTED) lines.push(`…and ${subscriptions.length - MAX_LISTED} more.`);
  const head = `*${plural(subscriptions.length, 'subscription')} in this channel* (terms combine with AND; subscriptions with OR)`;
  const foot = 'End one with `/shipwatch unsubscribe <number or filter>`.';
  return {
    text: `${head}\n${lines.join('\n')}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: clampMrkdwn(`${head}\n${lines.join('\n')}`, 2900) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: foot }] },
    ],
  };
}

/**
 * The footer of a subscribed shipment's card a person unwatched ("unwatched here; tag:acme will not bring it back"),
 * after "No longer watched:" (the card escapes it).
 */
export function keptOutNote(filter: string): string {
  return `unwatched here; ${filter} will not bring it back`;
}
