/** Shipping lines of the demo: SCACs and names as the API spells them in `shipping_line_*` attributes. */

export interface Carrier {
  scac: string;
  name: string;
  shortName: string;
}

export const CARRIERS = {
  maersk: { scac: 'MAEU', name: 'Maersk', shortName: 'Maersk' },
  hapag: { scac: 'HLCU', name: 'Hapag-Lloyd', shortName: 'Hapag-Lloyd' },
  one: { scac: 'ONEY', name: 'Ocean Network Express', shortName: 'ONE' },
  msc: { scac: 'MSCU', name: 'Mediterranean Shipping Company', shortName: 'MSC' },
  cosco: { scac: 'COSU', name: 'COSCO Shipping Lines', shortName: 'COSCO' },
  evergreen: { scac: 'EGLV', name: 'Evergreen Marine', shortName: 'Evergreen' },
  oocl: { scac: 'OOLU', name: 'Orient Overseas Container Line', shortName: 'OOCL' },
  cmaCgm: { scac: 'CMDU', name: 'CMA CGM', shortName: 'CMA CGM' },
  zim: { scac: 'ZIMU', name: 'ZIM Integrated Shipping Services', shortName: 'ZIM' },
  hmm: { scac: 'HDMU', name: 'Hyundai Merchant Marine', shortName: 'HMM' },
  yangMing: { scac: 'YMLU', name: 'Yang Ming Marine Transport', shortName: 'Yang Ming' },
} as const satisfies Record<string, Carrier>;

export type CarrierKey = keyof typeof CARRIERS;
