/**
 * The classic compact unfurl (docs/unfurls.md, "Where Work Objects are not enabled"): the same facts as the Work
 * Object in one section and a context line, for workspaces where Slack refuses entity metadata, and the one-line
 * unfurl of a link to a shipment this workspace does not watch (nothing read, nothing invented).
 */
import type { KnownBlock } from '@slack/types';
import { plural } from '../../domain/words.js';
import { context, section } from '../blocks.js';
import { formatCalendarDate } from '../format/dates.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { slackAgoToken, slackDateToken } from '../format/time.js';
import type { ShipmentFacts } from './shipment-facts.js';

const STATUS_EMOJI: Record<ShipmentFacts['status']['tone'], string> = {
  red: '🔴',
  yellow: '🟡',
  green: '✅',
  gray: '⚪',
  blue: '🚢',
};

export interface ClassicUnfurl {
  blocks: KnownBlock[];
}

export function classicShipmentUnfurl(
  facts: ShipmentFacts,
  options: { readAtMs: number; nowMs: number },
): ClassicUnfurl {
  const parts = [`${STATUS_EMOJI[facts.status.tone]} *${facts.status.words}*`];
  if (facts.pod !== null) parts.push(`POD ${inlineMrkdwn(facts.pod)}`);
  const { arrival } = facts;
  if (arrival !== null) {
    const when =
      arrival.ms === null
        ? inlineMrkdwn(arrival.text)
        : `${inlineMrkdwn(arrival.text)} (${slackDateToken(arrival.ms, '{date_short_pretty} {time} your time')})`;
    parts.push(`${arrival.label} ${when}`);
  }
  if (facts.lfd !== null) parts.push(`LFD ${formatCalendarDate(facts.lfd.date)}`);
  parts.push(facts.holds === 0 ? 'no active holds' : plural(facts.holds, 'active hold'));
  return {
    blocks: [
      section(`*Shipment ${inlineMrkdwn(facts.number)}*\n${parts.join(' · ')}`),
      context(`Shipwatch · ${slackAgoToken(options.readAtMs, 'read from Terminal49')}`),
    ],
  };
}

/** A link to a shipment the workspace does not watch: what it names, and how to see its card. */
export function unwatchedShipmentUnfurl(ref: { number: string } | { shipmentId: string }): ClassicUnfurl {
  const named = 'number' in ref ? ref.number : ref.shipmentId;
  return {
    blocks: [
      context(
        `Shipwatch · Terminal49 shipment ${inlineMrkdwn(named)} is not watched in this workspace: \`/shipment ${inlineMrkdwn(named)}\` shows its card`,
      ),
    ],
  };
}
