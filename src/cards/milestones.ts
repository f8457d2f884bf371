/**
 * The shipment's journey as milestone lines: departure from the port of lading, arrival at the port of discharge and,
 * for an inland move, at the destination. Each timestamp is shown in the zone of the place it belongs to (pol, pod,
 * destination; docs/domain-rules.md#time-zones) and estimates are compared with the first one the carrier announced.
 */
import { slippage } from '../domain/eta-slippage.js';
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

/** Milestone lines (mrkdwn) for the shipment card, at `nowMs`. */
export function milestoneLines(detail: ShipmentDetail, nowMs: number): string[] {
  const { shipment } = detail;
  const places = routePlaces(shipment, detail);
  const lines: string[] = [];
  lines.push(
    milestone(
      '🛫',
      shipment.polAtdAt,
      shipment.polEtdAt,
      shipment.polOriginalEtdAt,
      `Departed ${places.lading}`,
      `Departs ${places.lading}`,
      nowMs,
    ) ?? `🛫 *Departs ${places.lading}:* no date announced yet`,
  );
  lines.push(
    milestone(
      '⚓',
      shipment.podAtaAt,
      shipment.podEtaAt,
      shipment.podOriginalEtaAt,
      `Arrived ${places.discharge}`,
      `ETA ${places.discharge}`,
      nowMs,
    ) ?? `⚓ *ETA ${places.discharge}:* not announced yet`,
  );
  if (places.destination !== null) {
    const line = milestone(
      '🏁',
      shipment.destinationAtaAt,
      shipment.destinationEtaAt,
      shipment.destinationOriginalEtaAt,
      `Arrived ${places.destination}`,
      `ETA ${places.destination}`,
      nowMs,
    );
    if (line !== null) lines.push(line);
  }
  return lines;
}

function milestone(
  emoji: string,
  actual: ZonedTimestamp | null,
  estimate: ZonedTimestamp | null,
  original: ZonedTimestamp | null,
  actualLabel: string,
  estimateLabel: string,
  nowMs: number,
): string | null {
  // An actual is compared with the first estimate too: "arrived 2 days later than first announced" explains the LFD.
  const shown = actual ?? estimate;
  if (shown === null) return null;
  const move = slippage(shown, original);
  const moved =
    move !== null ? ` · ${move.amount > 0 && actual === null ? '⚠️ ' : ''}${slippagePhrase(move)}` : '';
  return `${emoji} *${actual !== null ? actualLabel : estimateLabel}:* ${formatTimestamp(shown, nowMs)}${moved}`;
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
