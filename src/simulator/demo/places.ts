/**
 * Ports and metro areas of the demo: real UN/LOCODEs and IANA zones on three continents and both US coasts.
 * Coordinates are strings because live data sends them so.
 */
import type { ResourceObject } from '../resource.js';
import { stableUuid } from './ids.js';

type PlaceRow = readonly [
  type: 'port' | 'metro_area',
  name: string,
  city: string,
  stateAbbr: string | null,
  countryCode: string,
  timeZone: string,
  latitude: string,
  longitude: string,
];

const PLACE_ROWS = {
  CNSHA: ['port', 'Shanghai', 'Shanghai', null, 'CN', 'Asia/Shanghai', '31.2304', '121.4737'],
  CNNGB: ['port', 'Ningbo', 'Ningbo', null, 'CN', 'Asia/Shanghai', '29.8683', '121.5440'],
  CNYTN: ['port', 'Yantian', 'Shenzhen', null, 'CN', 'Asia/Shanghai', '22.5675', '114.2706'],
  JPTYO: ['port', 'Tokyo', 'Tokyo', null, 'JP', 'Asia/Tokyo', '35.6230', '139.7780'],
  TWKHH: ['port', 'Kaohsiung', 'Kaohsiung', null, 'TW', 'Asia/Taipei', '22.6163', '120.2856'],
  SGSIN: ['port', 'Singapore', 'Singapore', null, 'SG', 'Asia/Singapore', '1.2644', '103.8223'],
  VNCMT: ['port', 'Cai Mep', 'Phu My', null, 'VN', 'Asia/Ho_Chi_Minh', '10.5396', '107.0290'],
  DEHAM: ['port', 'Hamburg', 'Hamburg', null, 'DE', 'Europe/Berlin', '53.5461', '9.9661'],
  NLRTM: ['port', 'Rotterdam', 'Rotterdam', null, 'NL', 'Europe/Amsterdam', '51.9490', '4.1453'],
  GBFXT: ['port', 'Felixstowe', 'Felixstowe', null, 'GB', 'Europe/London', '51.9554', '1.3510'],
  USLAX: ['port', 'Los Angeles', 'Los Angeles', 'CA', 'US', 'America/Los_Angeles', '33.7406', '-118.2600'],
  USOAK: ['port', 'Oakland', 'Oakland', 'CA', 'US', 'America/Los_Angeles', '37.7956', '-122.2790'],
  USTIW: ['port', 'Tacoma', 'Tacoma', 'WA', 'US', 'America/Los_Angeles', '47.2690', '-122.4130'],
  USNYC: ['port', 'New York / New Jersey', 'New York', 'NY', 'US', 'America/New_York', '40.6840', '-74.1502'],
  USSAV: ['port', 'Savannah', 'Savannah', 'GA', 'US', 'America/New_York', '32.1285', '-81.1400'],
  USORF: ['port', 'Norfolk', 'Norfolk', 'VA', 'US', 'America/New_York', '36.9140', '-76.3270'],
  USCHS: ['port', 'Charleston', 'Charleston', 'SC', 'US', 'America/New_York', '32.8370', '-79.9010'],
  USCHI: ['metro_area', 'Chicago', 'Chicago', 'IL', 'US', 'America/Chicago', '41.8781', '-87.6298'],
} as const satisfies Record<string, PlaceRow>;

export type PlaceCode = keyof typeof PLACE_ROWS;

export interface Place {
  type: 'port' | 'metro_area';
  name: string;
  timeZone: string;
}

export function place(code: PlaceCode): Place {
  const [type, name, , , , timeZone] = PLACE_ROWS[code];
  return { type, name, timeZone };
}

export const PLACE_CODES = Object.keys(PLACE_ROWS) as PlaceCode[]; // SAFETY: the keys of PLACE_ROWS.

export function placeId(code: PlaceCode): string {
  return stableUuid(`place:${code}`);
}

export function placeResource(code: PlaceCode): ResourceObject {
  const [type, name, city, stateAbbr, countryCode, timeZone, latitude, longitude]: PlaceRow =
    PLACE_ROWS[code];
  return {
    id: placeId(code),
    type,
    attributes: {
      name,
      code,
      state_abbr: stateAbbr,
      city,
      country_code: countryCode,
      time_zone: timeZone,
      latitude,
      longitude,
    },
  };
}
