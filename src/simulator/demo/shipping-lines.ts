/**
 * The shipping lines the simulator "integrates with": the demo carriers, a few more real ones, and Terminal49's
 * test carrier (`TEST`, for `TEST-TR-*` numbers, no container tracking). `GET /shipping_lines` lists them, a
 * tracking request's SCAC must be one of them (or one of their alternative SCACs), and number inference names them.
 * UALC is a line Terminal49 knows but does not track, as its documented 422 says.
 */
import type { ResourceObject } from '../resource.js';
import { CARRIERS, type Carrier } from './carriers.js';
import { stableUuid } from './ids.js';

export interface ShippingLine extends Carrier {
  alternativeScacs: readonly string[];
  billOfLading: boolean;
  booking: boolean;
  container: boolean;
}

const full = (carrier: Carrier, alternativeScacs: readonly string[] = []): ShippingLine => ({
  ...carrier,
  alternativeScacs,
  billOfLading: true,
  booking: true,
  container: true,
});

export const SHIPPING_LINES: readonly ShippingLine[] = [
  full(CARRIERS.maersk, ['SEAU']),
  full(CARRIERS.hapag),
  full(CARRIERS.one),
  full(CARRIERS.msc, ['MEDU']),
  full(CARRIERS.cosco),
  full(CARRIERS.evergreen),
  full(CARRIERS.oocl),
  full(CARRIERS.cmaCgm),
  full(CARRIERS.zim),
  full(CARRIERS.hmm),
  full(CARRIERS.yangMing),
  full({ scac: 'WHLC', name: 'Wan Hai Lines', shortName: 'Wan Hai' }),
  full({ scac: 'APLU', name: 'APL', shortName: 'APL' }),
  full({ scac: 'MATS', name: 'Matson Navigation Company', shortName: 'Matson' }),
  full({ scac: 'PABV', name: 'Pacific International Lines', shortName: 'PIL' }),
  {
    scac: 'TEST',
    name: 'T49 Test Carrier',
    shortName: 'T49 Test',
    alternativeScacs: [],
    billOfLading: true,
    booking: true,
    container: false,
  },
];

/** Lines Terminal49 recognises but does not track: a tracking request for them is refused with the line's name. */
export const UNSUPPORTED_LINES: Readonly<Record<string, string>> = { UALC: 'Universal Africa Lines' };

const BY_SCAC: ReadonlyMap<string, ShippingLine> = new Map(
  SHIPPING_LINES.flatMap((line) =>
    [line.scac, ...line.alternativeScacs].map((scac) => [scac, line] as const),
  ),
);

/** The line a SCAC (or one of its alternatives) names, any case. */
export function shippingLineByScac(scac: string): ShippingLine | undefined {
  return BY_SCAC.get(scac.trim().toUpperCase());
}

export function shippingLineId(line: ShippingLine): string {
  return stableUuid(`shipping_line:${line.scac}`);
}

export function shippingLineResource(line: ShippingLine): ResourceObject {
  const id = shippingLineId(line);
  return {
    id,
    type: 'shipping_line',
    attributes: {
      scac: line.scac,
      name: line.name,
      short_name: line.shortName,
      alternative_scacs: [...line.alternativeScacs],
      bill_of_lading_tracking_support: line.billOfLading,
      booking_number_tracking_support: line.booking,
      container_number_tracking_support: line.container,
    },
    links: { self: `/v2/shipping_lines/${id}` },
  };
}
