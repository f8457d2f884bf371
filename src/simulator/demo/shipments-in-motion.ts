/**
 * Demo shipments that are moving (or have stopped being tracked): the inland rail move to Chicago, the one on the
 * water to Rotterdam, the one still loading in Shanghai (with non-UUID ids, as some real accounts have), and the MSC
 * shipment whose tracking stopped after the arrival window.
 */
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { containerNumber } from './iso6346.js';
import type { ShipmentSpec } from './shipment-builder.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const CHICAGO = 'America/Chicago';

/** ONE, Tokyo → Tacoma, then BNSF rail to Chicago: rail LFD in America/Chicago. */
export function railMoveShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(LA, -7, '06:00');
  const chicagoEta = t.localTime(CHICAGO, 2, '14:00');
  return {
    ...DEMO.shipments.railMove,
    normalized: 'TYOA51234500',
    carrier: 'one',
    pol: 'JPTYO',
    pod: 'USTIW',
    destination: 'USCHI',
    podTerminal: 'wut',
    destinationTerminal: 'bnsfLpc',
    vessel: 'oneCommitment',
    voyage: '052E',
    customer: 'Great Lakes Outfitters',
    tags: ['rail'],
    createdAt: t.days(-30),
    lastTrackedAt: t.hours(-1),
    polAtd: t.days(-19),
    podOriginalEta: ata,
    podEta: ata,
    podAta: ata,
    destinationEta: chicagoEta,
    destinationOriginalEta: chicagoEta,
    containers: [
      {
        number: DEMO.containers.onRail,
        status: 'on_rail',
        podArrivedAt: ata,
        podDischargedAt: t.days(-6),
        podRailLoadedAt: t.days(-4),
        podRailDepartedAt: t.hours(-80),
        indEtaAt: chicagoEta,
        railCarrierScac: 'BNSF',
        lfd: { rail: t.midnight(CHICAGO, 4) },
        indFacilityLfdOn: t.midnight(CHICAGO, 4),
      },
      {
        number: containerNumber('ONEU', 520336),
        status: 'awaiting_inland_transfer',
        availableForPickup: false,
        podArrivedAt: ata,
        podDischargedAt: t.days(-6),
        indEtaAt: t.localTime(CHICAGO, 5, '10:00'),
        railCarrierScac: 'BNSF',
        location: 'Rail Yard - Track 7',
      },
    ],
  };
}

/** COSCO, Ningbo → Rotterdam, on the water and due tomorrow morning: the first demo voyage to arrive. */
export function onWaterShipment(t: DemoTime): ShipmentSpec {
  const eta = t.localTime('Europe/Amsterdam', 1, '06:00');
  const onShip = { status: 'on_ship', availabilityKnown: false, terminalCheckedAt: null } as const;
  return {
    ...DEMO.shipments.onWater,
    normalized: '6312345670',
    carrier: 'cosco',
    pol: 'CNNGB',
    pod: 'NLRTM',
    podTerminal: 'ectDelta',
    vessel: 'coscoAries',
    voyage: '071W',
    customer: 'Rhein Retail GmbH',
    tags: ['europe', 'priority'],
    createdAt: t.days(-40),
    lastTrackedAt: t.hours(-2),
    polAtd: t.days(-31),
    polOriginalEtd: t.days(-32),
    podEta: eta,
    podOriginalEta: eta,
    containers: [
      { ...onShip, number: containerNumber('CSNU', 880412) },
      { ...onShip, number: containerNumber('CBHU', 512001) },
      {
        ...onShip,
        number: containerNumber('FCIU', 300118),
        equipment: { type: 'dry', length: 20, height: 'standard' },
      },
    ],
  };
}

/** ZIM, Shanghai → Charleston, not yet sailed; the shipment and its containers have legacy non-UUID ids. */
export function nonUuidShipment(t: DemoTime): ShipmentSpec {
  const etd = t.localTime('Asia/Shanghai', 2, '18:00');
  const eta = t.localTime(NY, 32, '08:00');
  return {
    ...DEMO.shipments.nonUuid,
    normalized: 'SHH30412345',
    carrier: 'zim',
    pol: 'CNSHA',
    pod: 'USCHS',
    podTerminal: 'wando',
    vessel: 'zimMountEverest',
    voyage: '12E',
    customer: 'Lowcountry Home Supply',
    refNumbers: null,
    createdAt: t.days(-5),
    lastTrackedAt: t.hours(-5),
    polEtd: etd,
    polOriginalEtd: etd,
    podEta: eta,
    podOriginalEta: eta,
    containers: [
      {
        id: 'container-legacy-42-1',
        number: containerNumber('ZCSU', 270044),
        status: 'loaded',
        availabilityKnown: false,
        terminalCheckedAt: null,
        weightLbs: 0,
      },
      {
        id: 'container-legacy-42-2',
        number: containerNumber('ZIMU', 311906),
        status: 'new',
        availabilityKnown: false,
        terminalCheckedAt: null,
        weightLbs: 0,
      },
    ],
  };
}

/** MSC, Cai Mep → Norfolk: arrived 70 days ago, tracking stopped past the arrival window. */
export function trackingStoppedShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(NY, -70, '11:00');
  return {
    ...DEMO.shipments.trackingStopped,
    normalized: 'VN123456',
    carrier: 'msc',
    pol: 'VNCMT',
    pod: 'USORF',
    podTerminal: 'nit',
    vessel: 'mscAnisha',
    voyage: 'FA512W',
    customer: 'Tidewater Furniture Co.',
    createdAt: t.days(-110),
    lastTrackedAt: t.days(-14),
    polAtd: t.days(-100),
    podOriginalEta: ata,
    podEta: ata,
    podAta: ata,
    stoppedAt: t.days(-14),
    stoppedReason: 'past_arrival_window',
    containers: [
      {
        number: containerNumber('MSCU', 731905),
        status: 'empty_returned',
        availableForPickup: false,
        podArrivedAt: ata,
        podDischargedAt: t.days(-69),
        podFullOutAt: t.days(-66),
        emptyTerminatedAt: t.days(-60),
        terminalCheckedAt: t.days(-14),
      },
      {
        number: containerNumber('MEDU', 418272),
        status: 'picked_up',
        availableForPickup: false,
        podArrivedAt: ata,
        podDischargedAt: t.days(-69),
        podFullOutAt: t.days(-64),
        terminalCheckedAt: t.days(-14),
      },
    ],
  };
}
