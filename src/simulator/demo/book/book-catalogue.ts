/**
 * What a generated book of business is made of: trade lanes between the demo's ports (each port of discharge with
 * its terminal, one lane continuing by rail to Chicago), each carrier's fleet, BL prefix and container owner codes,
 * and the customers, tags and reference prefixes an operations team files shipments under.
 */
import type { CarrierKey } from '../carriers.js';
import { imoNumber } from '../iso6346.js';
import type { PlaceCode } from '../places.js';
import type { VesselIdentity } from '../shipment-builder.js';
import type { TerminalKey } from '../terminals.js';

export interface Lane {
  pol: PlaceCode;
  pod: PlaceCode;
  podTerminal: TerminalKey;
  /** Days at sea from departure to arrival. */
  transitDays: number;
  /** An inland leg by rail after discharge. */
  rail?: { destination: PlaceCode; terminal: TerminalKey; railScac: string; days: number };
}

export const LANES: readonly Lane[] = [
  { pol: 'CNSHA', pod: 'USLAX', podTerminal: 'apmtPier400', transitDays: 16 },
  { pol: 'CNYTN', pod: 'USLAX', podTerminal: 'apmtPier400', transitDays: 17 },
  { pol: 'TWKHH', pod: 'USOAK', podTerminal: 'oict', transitDays: 15 },
  { pol: 'JPTYO', pod: 'USTIW', podTerminal: 'wut', transitDays: 12 },
  {
    pol: 'CNNGB',
    pod: 'USTIW',
    podTerminal: 'wut',
    transitDays: 14,
    rail: { destination: 'USCHI', terminal: 'bnsfLpc', railScac: 'BNSF', days: 4 },
  },
  { pol: 'DEHAM', pod: 'USNYC', podTerminal: 'maher', transitDays: 11 },
  { pol: 'CNSHA', pod: 'USNYC', podTerminal: 'maher', transitDays: 32 },
  { pol: 'VNCMT', pod: 'USSAV', podTerminal: 'gardenCity', transitDays: 30 },
  { pol: 'CNYTN', pod: 'USSAV', podTerminal: 'gardenCity', transitDays: 29 },
  { pol: 'SGSIN', pod: 'USORF', podTerminal: 'nit', transitDays: 27 },
  { pol: 'CNSHA', pod: 'USCHS', podTerminal: 'wando', transitDays: 31 },
  { pol: 'CNNGB', pod: 'NLRTM', podTerminal: 'ectDelta', transitDays: 30 },
  { pol: 'SGSIN', pod: 'GBFXT', podTerminal: 'trinity', transitDays: 24 },
];

interface CarrierFleet {
  /** How the line's bills of lading start. */
  blPrefix: string;
  /** ISO 6346 owner codes of the line's boxes. */
  owners: readonly string[];
  vessels: readonly VesselIdentity[];
}

const ship = (name: string, firstSix: string): VesselIdentity => ({ name, imo: imoNumber(firstSix) });

export const FLEETS: Readonly<Record<CarrierKey, CarrierFleet>> = {
  maersk: {
    blPrefix: 'MAEU',
    owners: ['MSKU', 'MRKU'],
    vessels: [ship('MAERSK KENSINGTON', '973320'), ship('MAERSK ESSEN', '945652')],
  },
  hapag: {
    blPrefix: 'HLCU',
    owners: ['HLXU', 'HLBU'],
    vessels: [ship('BERLIN EXPRESS', '977720'), ship('SEOUL EXPRESS', '948370')],
  },
  one: {
    blPrefix: 'ONEY',
    owners: ['ONEU'],
    vessels: [ship('ONE HARMONY', '980620'), ship('ONE STORK', '974161')],
  },
  msc: {
    blPrefix: 'MEDU',
    owners: ['MSCU', 'MEDU'],
    vessels: [ship('MSC GULSUN', '983952'), ship('MSC AMBRA', '961836')],
  },
  cosco: {
    blPrefix: 'COSU',
    owners: ['CSNU', 'CBHU'],
    vessels: [ship('COSCO SHIPPING TAURUS', '978351'), ship('COSCO PRIDE', '951622')],
  },
  evergreen: {
    blPrefix: 'EGLV',
    owners: ['EGHU', 'EMCU'],
    vessels: [ship('EVER ACE', '989381'), ship('EVER LYRIC', '981155')],
  },
  oocl: {
    blPrefix: 'OOLU',
    owners: ['OOLU', 'OOCU'],
    vessels: [ship('OOCL HONG KONG', '977688'), ship('OOCL TOKYO', '962715')],
  },
  cmaCgm: {
    blPrefix: 'CMDU',
    owners: ['CMAU', 'CGMU'],
    vessels: [ship('CMA CGM JACQUES SAADE', '983901'), ship('CMA CGM BRAZIL', '945410')],
  },
  zim: {
    blPrefix: 'ZIMU',
    owners: ['ZIMU', 'ZCSU'],
    vessels: [ship('ZIM KINGSTON', '946174'), ship('ZIM SAMMY OFER', '993115')],
  },
  hmm: {
    blPrefix: 'HDMU',
    owners: ['HDMU'],
    vessels: [ship('HMM ALGECIRAS', '986323'), ship('HYUNDAI PRIDE', '963772')],
  },
  yangMing: {
    blPrefix: 'YMJA',
    owners: ['YMLU', 'YMMU'],
    vessels: [ship('YM WELLNESS', '970410'), ship('YM TRILLION', '958227')],
  },
};

/** Customers with the tags their shipments usually carry. */
export const CUSTOMERS: ReadonlyArray<{ name: string; tags: readonly string[] }> = [
  { name: 'Acme Home Goods', tags: ['acme'] },
  { name: 'Nordlicht Imports LLC', tags: ['east-coast'] },
  { name: 'Bay Area Bikes Inc.', tags: [] },
  { name: 'Great Lakes Outfitters', tags: ['rail'] },
  { name: 'Peach State Distributors', tags: ['east-coast'] },
  { name: 'Rhein Retail GmbH', tags: ['europe'] },
  { name: 'Sunbelt Appliances', tags: [] },
  { name: 'Pacific Coast Produce', tags: ['reefer'] },
  { name: 'Harbor Freight Traders', tags: [] },
  { name: 'Lone Star Furniture', tags: ['q4-promo'] },
];

/** Tags any shipment may get besides its customer's. */
export const EXTRA_TAGS: readonly string[] = ['priority', 'fragile', 'hazmat', 'la-ops', 'q4-promo'];
