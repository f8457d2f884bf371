/**
 * `/shipwatch watching`: the channel's watched shipments, most urgent first — by attention tier
 * (docs/domain-rules.md#attention-tiers, the rule the scheduler uses), then by the order of the shipment headline
 * (#most-urgent-first) — each linked to its card, with its headline and, for a paused one, why and how to resume.
 */
import type { KnownBlock } from '@slack/types';
import { type AttentionTier, tierRank } from '../../domain/attention/index.js';
import type { ShipmentSnapshot } from '../../domain/changes/snapshot.js';
import { assessShipment, type ShipmentHeadlineKind } from '../../domain/shipment-assessment.js';
import { plural } from '../../domain/words.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { actions, button, context, section } from '../blocks.js';
import { clampMessage } from '../format/clamp-message.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { headlineText } from '../headline.js';
import { ACTION } from '../ids.js';
import type { SlackMessage } from '../types.js';
import { cardLink } from './watch-notices.js';

export interface WatchedShipment {
  shipmentNumber: string;
  /** The last reading (null before the first). */
  detail: ShipmentDetail | null;
  /** Why the watch is paused; null while active. */
  paused: string | null;
  /** The watched card in the channel (where the list points). */
  card?: { channelId: string; ts: string };
  /** Slack's link to that card, when the caller fetched one. */
  permalink?: string | null;
  /** Its attention tier now (null before the first reading). */
  tier?: AttentionTier | null;
  /** The stored snapshot of the last reading (Home reads tiers from it without re-deriving it from `detail`). */
  snapshot?: ShipmentSnapshot | null;
}

interface Row {
  shipmentNumber: string;
  permalink: string | null;
  /** The card's headline, already mrkdwn. */
  headline: string | null;
  headlineKind: ShipmentHeadlineKind | null;
  paused: string | null;
  tier: AttentionTier | null;
}

const URGENCY: readonly ShipmentHeadlineKind[] = [
  'lfd_overdue',
  'lfd_today',
  'on_hold',
  'lfd_soon',
  'not_released',
  'ready',
  'availability_unknown',
  'tracking_stopped',
  'moving_inland',
  'not_arrived',
  'not_loaded',
  'no_containers',
  'left_terminal',
];

const MAX_ROWS = 40;

/** `channelId`: the channel listed, for the "Download CSV" button (left out without one). */
export function renderWatchingList(
  watched: readonly WatchedShipment[],
  nowMs: number,
  channelId: string | null = null,
): SlackMessage {
  const rows: Row[] = watched.map((item) => {
    const permalink = item.permalink ?? null;
    if (item.detail === null)
      return {
        shipmentNumber: item.shipmentNumber,
        permalink,
        headline: null,
        headlineKind: null,
        paused: item.paused,
        tier: null,
      };
    const assessment = assessShipment(item.detail, nowMs);
    return {
      shipmentNumber: item.shipmentNumber,
      permalink,
      headline: headlineText(assessment, item.detail, nowMs),
      headlineKind: assessment.headline.kind,
      paused: item.paused,
      tier: item.tier ?? null,
    };
  });
  if (rows.length === 0) {
    const text =
      'This channel watches no shipments yet. Click *Watch* on a shipment card, or type `/shipwatch watch <number>`.';
    return { text, blocks: [section(text)] };
  }
  const headlineRank = (row: Row) =>
    row.headlineKind === null ? URGENCY.length : URGENCY.indexOf(row.headlineKind);
  // Tiers first (the scheduler's order), the headline inside a tier; paused watches last.
  const rank = (row: Row) =>
    row.paused !== null
      ? Number.MAX_SAFE_INTEGER
      : (row.tier === null ? tierRank('none') : tierRank(row.tier)) * 100 + headlineRank(row);
  const sorted = [...rows].sort(
    (a, b) => rank(a) - rank(b) || (a.shipmentNumber < b.shipmentNumber ? -1 : 1),
  );
  const lines = sorted.slice(0, MAX_ROWS).map((row) => {
    // The number links to the watched card, so the list is a way to it.
    const number = `*${cardLink(row.permalink, inlineMrkdwn(row.shipmentNumber))}*`;
    if (row.paused !== null)
      return `⏸️ ${number}: paused (${inlineMrkdwn(row.paused.replace(/_/g, ' '))}); \`/shipwatch watch ${inlineMrkdwn(row.shipmentNumber)}\` resumes it`;
    return `${number}: ${row.headline ?? 'no reading yet'}`;
  });
  const blocks: KnownBlock[] = [
    section(`👁 *Watched in this channel* (${plural(rows.length, 'shipment')}, most urgent first)`),
  ];
  for (let i = 0; i < lines.length; i += 20) blocks.push(section(lines.slice(i, i + 20).join('\n')));
  if (rows.length > MAX_ROWS) blocks.push(context(`+${rows.length - MAX_ROWS} more not shown`));
  // The whole list (every row, per container) as a file to hand on.
  if (channelId !== null) blocks.push(actions([button('Download CSV', ACTION.watchingCsv, channelId)]));
  return clampMessage({ text: `${plural(rows.length, 'shipment')} watched in this channel`, blocks });
}
