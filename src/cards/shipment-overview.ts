/**
 * The parts of the shipment card around the containers: the route and vessel, the tracking-stopped banner, the
 * freshness footer and the notification text. Split from shipment-card.ts so the card file only composes.
 */
import type { ContainerCounts } from '../domain/container-counts.js';
import { slippage } from '../domain/eta-slippage.js';
import { trackingStoppedReasonWords } from '../domain/status-words.js';
import { parseInstant } from '../domain/time/calendar.js';
import type { ShipmentDetail } from '../tracking/models.js';
import { readinessPhrase } from './container-summary.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { describeTimestamp, formatSystemTime, slackAgoToken } from './format/time.js';
import { slippageShort } from './lines/slippage-phrase.js';
import { routePlaces } from './milestones.js';

const MAX_REF_NUMBERS = 5;

/** The carrier's name for people: short name, full name, SCAC, or "unknown carrier". Raw (not escaped). */
export function carrierName(detail: ShipmentDetail): string {
  const line = detail.shipment.shippingLine;
  return line.shortName ?? line.name ?? line.scac ?? 'unknown carrier';
}

/** Route, terminal, vessel and references as mrkdwn lines. */
export function routeText(detail: ShipmentDetail): string {
  const { shipment } = detail;
  const places = routePlaces(shipment, detail);
  const lines = [
    `*${places.lading}* → *${places.discharge}*${places.destination !== null ? ` → *${places.destination}*` : ''}`,
  ];
  const terminal = detail.podTerminal?.name ?? detail.podTerminal?.nickname ?? null;
  if (terminal !== null) lines.push(`🏗️ Terminal at ${places.discharge}: ${inlineMrkdwn(terminal)}`);
  const vessel = [
    shipment.vessel.name,
    shipment.vessel.voyageNumber ? `voyage ${shipment.vessel.voyageNumber}` : null,
  ]
    .filter((part): part is string => part !== null && part !== '')
    .map(inlineMrkdwn);
  if (vessel.length > 0) lines.push(`🚢 ${vessel.join(' · ')}`);
  const refs = shipment.refNumbers.filter((ref) => ref.trim() !== '');
  if (refs.length > 0) {
    const more = refs.length > MAX_REF_NUMBERS ? ` +${refs.length - MAX_REF_NUMBERS} more` : '';
    lines.push(`🏷️ Ref ${refs.slice(0, MAX_REF_NUMBERS).map(inlineMrkdwn).join(', ')}${more}`);
  }
  return lines.join('\n');
}

/** The tracking-stopped banner, or null while the line still tracks the shipment. */
export function trackingStoppedText(detail: ShipmentDetail, nowMs: number): string | null {
  const { stoppedAt, stoppedReason } = detail.shipment.lineTracking;
  if (stoppedAt === null && stoppedReason === null) return null;
  const when = stoppedAt !== null ? ` ${formatSystemTime(stoppedAt, nowMs)}` : '';
  const words = trackingStoppedReasonWords(stoppedReason);
  const reason = words === null ? null : inlineMrkdwn(words);
  return `⏹️ *Tracking stopped*${when}${reason ? `: ${reason}` : ''}. This card will not change any more.`;
}

/**
 * "Updated 3 minutes ago · data from Maersk · terminal checked 2 hours ago", the ages as Slack `{ago}` tokens: the
 * card stays in the channel for days, and a phrase fixed at render time would keep saying "just now".
 */
export function footerText(detail: ShipmentDetail): string {
  const fetched = parseInstant(detail.fetchedAt);
  const parts = [fetched !== null ? slackAgoToken(fetched, 'Updated') : 'Updated recently'];
  parts.push(`data from ${inlineMrkdwn(carrierName(detail))}`);
  if (detail.containers.length > 0) {
    let latest: number | null = null;
    for (const container of detail.containers) {
      const checked = container.terminalCheckedAt !== null ? parseInstant(container.terminalCheckedAt) : null;
      if (checked !== null && (latest === null || checked > latest)) latest = checked;
    }
    parts.push(latest !== null ? slackAgoToken(latest, 'terminal checked') : 'terminal not checked yet');
  }
  return parts.join(' · ');
}

/** "MAEU240817361 (Maersk): ETA Los Angeles Tue 24 Nov, 2 days late; 1 of 2 containers ready". */
export function shipmentFallbackText(detail: ShipmentDetail, counts: ContainerCounts, nowMs: number): string {
  const { shipment } = detail;
  const places = routePlaces(shipment, detail);
  let arrival: string;
  if (shipment.podAtaAt !== null) {
    const move = slippage(shipment.podAtaAt, shipment.podOriginalEtaAt);
    const late = move !== null ? `, ${slippageShort(move)}` : '';
    arrival = `arrived ${places.discharge} ${describeTimestamp(shipment.podAtaAt, nowMs).shortDate}${late}`;
  } else if (shipment.podEtaAt !== null) {
    const move = slippage(shipment.podEtaAt, shipment.podOriginalEtaAt);
    const late = move !== null ? `, ${slippageShort(move)}` : '';
    arrival = `ETA ${places.discharge} ${describeTimestamp(shipment.podEtaAt, nowMs).shortDate}${late}`;
  } else {
    arrival = `ETA ${places.discharge} not announced`;
  }
  const stopped = shipment.lineTracking.stoppedAt !== null || shipment.lineTracking.stoppedReason !== null;
  const head = `${inlineMrkdwn(shipment.billOfLadingNumber)} (${inlineMrkdwn(carrierName(detail))})`;
  return `${head}: ${stopped ? 'tracking stopped; ' : ''}${arrival}; ${readinessPhrase(counts)}`;
}
