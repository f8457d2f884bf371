/**
 * Terminals of the demo (one rail terminal for the inland move), each with `provided_data`: the fields that
 * terminal actually reports. An empty fee list at a terminal that does not report fees means "unknown", not "none".
 */
import { type Relationship, type ResourceObject, toOne } from '../resource.js';
import { stableUuid } from './ids.js';
import { type PlaceCode, place, placeId } from './places.js';

const REPORTED_FIELDS = [
  'pickup_lfd',
  'available_for_pickup',
  'holds_at_pod_terminal',
  'fees_at_pod_terminal',
  'location_at_pod_terminal',
  'pickup_appointment_at',
  'pod_full_out_at',
] as const;

type ReportedField = (typeof REPORTED_FIELDS)[number];

type TerminalRow = readonly [
  type: 'terminal' | 'rail_terminal',
  port: PlaceCode,
  name: string,
  nickname: string,
  firmsCode: string | null,
  smdgCode: string | null,
  city: string,
  stateAbbr: string | null,
  country: string,
  /** Fields this terminal does not report (everything else it does). */
  missing: readonly ReportedField[],
];

const ALL: readonly ReportedField[] = REPORTED_FIELDS;

const TERMINAL_ROWS = {
  apmtPier400: [
    'terminal',
    'USLAX',
    'APM Terminals Pier 400',
    'APMT Pier 400',
    'W185',
    'APMT',
    'Los Angeles',
    'CA',
    'United States',
    [],
  ],
  maher: [
    'terminal',
    'USNYC',
    'Maher Terminals',
    'Maher',
    'E416',
    'MAHER',
    'Elizabeth',
    'NJ',
    'United States',
    [],
  ],
  wut: [
    'terminal',
    'USTIW',
    'Washington United Terminals',
    'WUT',
    'Y391',
    'WUT',
    'Tacoma',
    'WA',
    'United States',
    ['fees_at_pod_terminal'],
  ],
  oict: [
    'terminal',
    'USOAK',
    'Oakland International Container Terminal',
    'OICT',
    'Z985',
    'OICT',
    'Oakland',
    'CA',
    'United States',
    [],
  ],
  trinity: [
    'terminal',
    'GBFXT',
    'Trinity Terminal',
    'Felixstowe Trinity',
    null,
    'FXTTT',
    'Felixstowe',
    null,
    'United Kingdom',
    ALL,
  ],
  gardenCity: [
    'terminal',
    'USSAV',
    'Garden City Terminal',
    'GCT',
    'L737',
    'GCT',
    'Garden City',
    'GA',
    'United States',
    [],
  ],
  ectDelta: [
    'terminal',
    'NLRTM',
    'ECT Delta Terminal',
    'ECT Delta',
    null,
    'ECTDE',
    'Rotterdam',
    null,
    'Netherlands',
    ['fees_at_pod_terminal', 'pickup_appointment_at'],
  ],
  nit: [
    'terminal',
    'USORF',
    'Norfolk International Terminals',
    'NIT',
    'L101',
    'NIT',
    'Norfolk',
    'VA',
    'United States',
    [],
  ],
  wando: [
    'terminal',
    'USCHS',
    'Wando Welch Terminal',
    'Wando',
    'L201',
    'WWT',
    'Mount Pleasant',
    'SC',
    'United States',
    [],
  ],
  bnsfLpc: [
    'rail_terminal',
    'USCHI',
    'BNSF Logistics Park Chicago',
    'BNSF LPC',
    'H572',
    null,
    'Elwood',
    'IL',
    'United States',
    ['fees_at_pod_terminal', 'pickup_appointment_at'],
  ],
} as const satisfies Record<string, TerminalRow>;

export type TerminalKey = keyof typeof TERMINAL_ROWS;

export const TERMINAL_KEYS = Object.keys(TERMINAL_ROWS) as TerminalKey[]; // SAFETY: the keys of TERMINAL_ROWS.

export function terminalId(key: TerminalKey): string {
  return stableUuid(`terminal:${key}`);
}

export function terminalType(key: TerminalKey): string {
  return TERMINAL_ROWS[key][0];
}

export function terminalResource(key: TerminalKey): ResourceObject {
  const [type, port, name, nickname, firmsCode, smdgCode, city, stateAbbr, country, missing]: TerminalRow =
    TERMINAL_ROWS[key];
  const providedData = Object.fromEntries(REPORTED_FIELDS.map((field) => [field, !missing.includes(field)]));
  const relationships: Record<string, Relationship> =
    place(port).type === 'metro_area'
      ? { port: toOne('port', null), metro_area: toOne('metro_area', placeId(port)) }
      : { port: toOne('port', placeId(port)) };
  return {
    id: terminalId(key),
    type,
    attributes: {
      name,
      nickname,
      firms_code: firmsCode,
      smdg_code: smdgCode,
      bic_facility_code: null,
      city,
      state_abbr: stateAbbr,
      country,
      provided_data: providedData,
    },
    relationships,
  };
}
