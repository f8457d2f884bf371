/**
 * The parts of the shipment card around the containers: the route and vessel, the tracking-stopped banner, the
 * freshness footer and the notification text. Split from shipment-card.ts so the card file only composes.
 */
import type { ContainerCounts } from '../domain/container-counts.js';
import { slippage } from '../domain/eta-slippage.js';
import type { Journey, MilestoneReading } from '../domain/journey.js';
import { trackingStoppedReasonWords } from '../domain/status-words.js';
import { parseInstant } from '../domain/time/calendar.js';
import type { ShipmentDetail, ZonedTimestamp } from '../tracking/models.js';
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
  // Where the boxes are picked up inland (a rail ramp): the place the rail LFD runs.
  const facility = detail.destinationTerminal?.name ?? detail.destinationTerminal?.nickname ?? null;
  if (facility !== null && places.destination !== null)
    lines.push(`🏗️ Pickup at ${places.destination}: ${inlineMrkdwn(facility)}`);
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
export function footerText(detail: ShipmentDetail, options: { updated?: string } = {}): string {
  const fetched = parseInstant(detail.fetchedAt);
  const parts = [
    options.updated ?? (fetched !== null ? slackAgoToken(fetched, 'Updated') : 'Updated recently'),
  ];
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
export function shipmentFallbackText(
  detail: ShipmentDetail,
  counts: ContainerCounts,
  journey: Journey,
  nowMs: number,
): string {
  const { shipment } = detail;
  const stopped = shipment.lineTracking.stoppedAt !== null || shipment.lineTracking.stoppedReason !== null;
  const head = `${inlineMrkdwn(shipment.billOfLadingNumber)} (${inlineMrkdwn(carrierName(detail))})`;
  const arrival = arrivalPhrase(journey.arrival, detail, nowMs);
  return `${head}: ${stopped ? 'tracking stopped; ' : ''}${arrival}; ${readinessPhrase(counts)}`;
}

/** "arrived Los Angeles Thu 4 Jul, 1 day late", "ETA Los Angeles Mon 8 Jul", "ETA Los Angeles not announced". */
export function arrivalPhrase(reading: MilestoneReading, detail: ShipmentDetail, nowMs: number): string {
  const { shipment } = detail;
  const place = routePlaces(shipment, detail).discharge;
  const when = (at: ZonedTimestamp) => describeTimestamp(at, nowMs).shortDate;
  const late = (at: ZonedTimestamp) => {
    const move = slippage(at, shipment.podOriginalEtaAt);
    return move !== null ? `, ${slippageShort(move)}` : '';
  };
  switch (reading.kind) {
    case 'actual':
      return `arrived ${place} ${when(reading.at)}${late(reading.at)}`;
    case 'actual_in_future':
      return `reported arrival time is in the future (${place} ${when(reading.at)})`;
    case 'estimate':
      return `ETA ${place} ${when(reading.at)}${late(reading.at)}`;
    case 'estimate_passed':
      return reading.reached
        ? `arrived ${place} (time not reported)`
        : `ETA ${place} ${when(reading.at)} passed, no arrival reported`;
    case 'reached':
      return `arrived ${place} (time not reported)`;
    case 'none':
      return `ETA ${place} not announced`;
  }
}
