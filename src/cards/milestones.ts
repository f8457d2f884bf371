/**
 * The shipment's journey as milestone lines: departure from the port of lading, arrival at the port of discharge and,
 * for an inland move, at the destination. Each timestamp is shown in the zone of the place it belongs to (pol, pod,
 * destination; docs/domain-rules.md#time-zones) and estimates are compared with the first one the carrier announced.
 */
import { slippage } from '../domain/eta-slippage.js';
import type { Journey, MilestoneReading } from '../domain/journey.js';
import type { Shipment, ShipmentDetail, ZonedTimestamp } from '../tracking/models.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import { formatTimestamp } from './format/time.js';
import { slippagePhrase } from './lines/slippage-phrase.js';

/** Names of the three places, escaped, with sensible fallbacks. */
export interface RoutePlaces {
  lading: string;
  discharge: string;
  /** null when the destination is the port of discharge itself or unknown. */
  destination: string | null;
}

/** The sideloaded ports, when the API included them. */
export type IncludedPorts = Partial<Pick<ShipmentDetail, 'portOfLading' | 'portOfDischarge' | 'destination'>>;

/** The places of a shipment's route, escaped for mrkdwn. */
export function routePlaces(shipment: Shipment, included: IncludedPorts = {}): RoutePlaces {
  const lading = placeName(shipment.portOfLading, included.portOfLading?.name, 'port of lading');
  const discharge = placeName(shipment.portOfDischarge, included.portOfDischarge?.name, 'port of discharge');
  const hasDestination =
    (shipment.destination.locode !== null ||
      shipment.destination.name !== null ||
      Boolean(included.destination)) &&
    !samePlace(shipment.destination, shipment.portOfDischarge);
  const destination = hasDestination
    ? placeName(shipment.destination, included.destination?.name, 'destination')
    : null;
  return { lading, discharge, destination };
}

/** Milestone lines (mrkdwn) for the shipment card, from its journey read at `nowMs`. */
export function milestoneLines(detail: ShipmentDetail, journey: Journey, nowMs: number): string[] {
  const { shipment } = detail;
  const places = routePlaces(shipment, detail);
  const lines: string[] = [];
  lines.push(
    milestone(journey.departure, shipment.polOriginalEtdAt, DEPARTURE, places.lading, nowMs) ??
      `🛫 *Departs ${places.lading}:* no date announced yet`,
  );
  lines.push(
    milestone(journey.arrival, shipment.podOriginalEtaAt, ARRIVAL, places.discharge, nowMs) ??
      `⚓ *ETA ${places.discharge}:* not announced yet`,
  );
  if (places.destination !== null) {
    const line = milestone(
      journey.destination,
      shipment.destinationOriginalEtaAt,
      DESTINATION,
      places.destination,
      nowMs,
    );
    if (line !== null) lines.push(line);
  }
  return lines;
}

interface MilestoneWords {
  emoji: string;
  /** "Departed", "Arrived". */
  actual: string;
  /** "Departs", "ETA". */
  estimate: string;
  /** "departure", "arrival". */
  event: string;
  /** "ETD", "ETA". */
  estimateShort: string;
}

const DEPARTURE: MilestoneWords = {
  emoji: '🛫',
  actual: 'Departed',
  estimate: 'Departs',
  event: 'departure',
  estimateShort: 'ETD',
};
const ARRIVAL: MilestoneWords = {
  emoji: '⚓',
  actual: 'Arrived',
  estimate: 'ETA',
  event: 'arrival',
  estimateShort: 'ETA',
};
const DESTINATION = ARRIVAL;

function milestone(
  reading: MilestoneReading,
  original: ZonedTimestamp | null,
  words: MilestoneWords,
  place: string,
  nowMs: number,
): string | null {
  switch (reading.kind) {
    case 'none':
      return null;
    case 'reached':
      // Nothing announced, yet the boxes are past it: "ETA not announced yet" above "Ready for pickup" would be false.
      return `${words.emoji} *${words.actual} ${place}:* ${words.event} time not reported`;
    case 'actual_in_future':
      // Not a milestone yet, whatever the API says: the time is still ahead.
      return `${words.emoji} *${words.actual} ${place}:* ⚠️ reported ${words.event} time is in the future: ${formatTimestamp(reading.at, nowMs)}`;
    case 'estimate_passed':
      if (reading.reached) {
        const last = formatTimestamp(reading.at, nowMs, { relative: false });
        return `${words.emoji} *${words.actual} ${place}:* ${words.event} time not reported · last ${words.estimateShort} ${last}`;
      }
      return `${line(words.emoji, `${words.estimate} ${place}`, reading.at, original, false, nowMs)} · ⚠️ passed, no ${words.event} reported yet`;
    case 'actual':
      // An actual is compared with the first estimate too: "arrived 2 days later than first announced" explains the LFD.
      return line(words.emoji, `${words.actual} ${place}`, reading.at, original, true, nowMs);
    case 'estimate':
      return line(words.emoji, `${words.estimate} ${place}`, reading.at, original, false, nowMs);
  }
}

function line(
  emoji: string,
  label: string,
  shown: ZonedTimestamp,
  original: ZonedTimestamp | null,
  actual: boolean,
  nowMs: number,
): string {
  const move = slippage(shown, original);
  const moved = move !== null ? ` · ${move.amount > 0 && !actual ? '⚠️ ' : ''}${slippagePhrase(move)}` : '';
  return `${emoji} *${label}:* ${formatTimestamp(shown, nowMs)}${moved}`;
}

function placeName(
  place: Shipment['portOfLading'],
  included: string | null | undefined,
  fallback: string,
): string {
  const name = place.name ?? included ?? place.locode;
  return name ? inlineMrkdwn(name) : fallback;
}

function samePlace(a: Shipment['destination'], b: Shipment['portOfDischarge']): boolean {
  if (a.locode !== null && b.locode !== null) return a.locode === b.locode;
  return a.name !== null && a.name === b.name;
}
