/**
 * What an unfurl shows of a shipment (docs/unfurls.md, "What the shared part shows"): its status in two or three
 * words, the port of discharge, the ETA (or the arrival) as an instant each reader sees in their own zone, the
 * earliest last free day still running, and how many holds are active. Nothing else: no customer, references, tags,
 * custom fields or fees — the shared part is seen by everyone in the conversation, whichever channel watches it.
 */
import {
  assessShipment,
  type ShipmentAssessment,
  type ShipmentHeadlineKind,
} from '../../domain/shipment-assessment.js';
import { type CalendarDate, parseInstant } from '../../domain/time/calendar.js';
import type { ShipmentDetail, ZonedTimestamp } from '../../tracking/models.js';
import { describeTimestamp } from '../format/time.js';

export type StatusTone = 'red' | 'yellow' | 'green' | 'gray' | 'blue';

export interface ShipmentFacts {
  shipmentId: string;
  /** The bill of lading (or booking) number; plain text from the API. */
  number: string;
  status: { words: string; tone: StatusTone };
  /** "Los Angeles (USLAX)"; null when the API names none. Plain text. */
  pod: string | null;
  /** The arrival at the POD, actual or estimated. */
  arrival: {
    label: 'ETA' | 'Arrived';
    /** Epoch ms of the instant; null when the zone is unknown (then only `text` is true). */
    ms: number | null;
    /** Wall time at the port, "Tue 24 Nov 08:00 PST" or "… (zone unknown)". Plain text. */
    text: string;
  } | null;
  /** The earliest last free day of a container still at the terminal, in its own zone. */
  lfd: { date: CalendarDate; iso: string } | null;
  /** Active holds across the containers. */
  holds: number;
  assessment: ShipmentAssessment;
}

const STATUS: Record<ShipmentHeadlineKind, { words: string; tone: StatusTone }> = {
  tracking_stopped: { words: 'Tracking stopped', tone: 'gray' },
  lfd_overdue: { words: 'Past last free day', tone: 'red' },
  lfd_today: { words: 'Last free day today', tone: 'red' },
  on_hold: { words: 'On hold', tone: 'red' },
  lfd_soon: { words: 'LFD within 3 days', tone: 'yellow' },
  not_released: { words: 'Not released yet', tone: 'yellow' },
  ready: { words: 'Ready for pickup', tone: 'green' },
  availability_unknown: { words: 'Availability unknown', tone: 'gray' },
  moving_inland: { words: 'Moving inland', tone: 'blue' },
  not_arrived: { words: 'Not at the terminal yet', tone: 'blue' },
  left_terminal: { words: 'Picked up or returned', tone: 'gray' },
  not_loaded: { words: 'Containers not reported yet', tone: 'gray' },
  no_containers: { words: 'No containers reported yet', tone: 'gray' },
};

export function shipmentFacts(detail: ShipmentDetail, nowMs: number): ShipmentFacts {
  const assessment = assessShipment(detail, nowMs);
  const { shipment } = detail;
  return {
    shipmentId: shipment.id,
    number: shipment.billOfLadingNumber || shipment.normalizedNumber || shipment.id,
    status: STATUS[assessment.headline.kind],
    pod: portName(detail),
    arrival: arrivalOf(detail, nowMs),
    lfd: earliestLfd(assessment),
    holds: assessment.containers.reduce((sum, a) => sum + a.availability.activeHolds.length, 0),
    assessment,
  };
}

function portName(detail: ShipmentDetail): string | null {
  const port = detail.shipment.portOfDischarge;
  const name = detail.portOfDischarge?.name ?? port.name;
  const code = detail.portOfDischarge?.locode ?? port.locode;
  if (name && code) return `${name} (${code})`;
  return name ?? code ?? null;
}

function arrivalOf(detail: ShipmentDetail, nowMs: number): ShipmentFacts['arrival'] {
  const { podAtaAt, podEtaAt } = detail.shipment;
  const [label, value]: ['ETA' | 'Arrived', ZonedTimestamp | null] = podAtaAt
    ? ['Arrived', podAtaAt]
    : ['ETA', podEtaAt];
  if (value === null) return null;
  const described = describeTimestamp(value, nowMs);
  // A timestamp without its zone is a wall time the API stored as if UTC: no instant to show in each reader's zone.
  const ms = value.timeZone === null ? null : parseInstant(value.at);
  return { label, ms, text: described.local };
}

function earliestLfd(assessment: ShipmentAssessment): ShipmentFacts['lfd'] {
  let best: CalendarDate | null = null;
  for (const { lfd } of assessment.containers) {
    if (lfd === null || lfd.suppressed === 'left_terminal') continue;
    if (best === null || compare(lfd.date, best) < 0) best = lfd.date;
  }
  return best === null ? null : { date: best, iso: isoDate(best) };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function isoDate(date: CalendarDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}
