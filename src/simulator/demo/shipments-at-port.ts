/**
 * Demo shipments that have reached their port of discharge: the ETA slip, the arrived one with LFD today/overdue,
 * the pickup appointment, and the terminal that reports nothing. Every date is relative to the demo clock and
 * every LFD is local midnight of the terminal's zone, as the real API sends them.
 */
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { containerNumber } from './iso6346.js';
import type { ShipmentSpec } from './shipment-builder.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const LONDON = 'Europe/London';

/** Maersk, Shanghai → Los Angeles: arrived two days after the original ETA; one box ready, one on hold. */
export function slippedEtaShipment(t: DemoTime): ShipmentSpec {
  const eta = t.localTime(LA, -2, '06:00');
  return {
    ...DEMO.shipments.slippedEta,
    normalized: '240817361',
    carrier: 'maersk',
    pol: 'CNSHA',
    pod: 'USLAX',
    podTerminal: 'apmtPier400',
    vessel: 'maerskEmden',
    voyage: '412E',
    customer: 'Acme Home Goods',
    refNumbers: ['PO-88412'],
    tags: ['priority', 'acme', 'la-ops'],
    createdAt: t.days(-21),
    lastTrackedAt: t.hours(-1),
    polAtd: t.days(-14),
    polOriginalEtd: t.days(-15),
    podOriginalEta: t.localTime(LA, -4, '06:00'),
    podEta: eta,
    podAta: eta,
    containers: [
      {
        number: DEMO.containers.ready,
        status: 'available',
        availableForPickup: true,
        sealNumber: 'ML-CN4417820',
        lfd: { terminal: t.midnight(LA, 2) },
        location: 'Yard - B1204A',
        podArrivedAt: eta,
        podDischargedAt: t.hours(-30),
      },
      {
        number: DEMO.containers.onHold,
        status: 'not_available',
        availableForPickup: false,
        sealNumber: 'ML-CN4417833',
        holds: [
          { name: 'customs', status: 'hold', description: 'CBP HOLD - EXAM ORDERED' },
          { name: 'freight', status: 'pending', description: '' },
        ],
        fees: [
          { type: 'exam', amount: 350, currency_code: 'USD' },
          { type: 'demurrage', amount: 0, currency_code: 'USD' },
          { type: 'total', amount: 350, currency_code: 'USD' },
        ],
        lfd: { terminal: t.midnight(LA, 2) },
        location: 'Yard - C0311F',
        podArrivedAt: eta,
        podDischargedAt: t.hours(-28),
      },
      {
        number: containerNumber('MRKU', 448120),
        status: 'grounded',
        equipment: { type: 'reefer', length: 40, height: 'high_cube' },
        availableForPickup: null,
        podArrivedAt: eta,
        podDischargedAt: t.hours(-6),
      },
    ],
  };
}

/** Hapag-Lloyd, Hamburg → New York/Newark: arrived six days ago; LFD today, LFD overdue with demurrage. */
export function arrivedShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(NY, -6, '04:10');
  return {
    ...DEMO.shipments.arrived,
    normalized: 'HAM2603015',
    carrier: 'hapag',
    pol: 'DEHAM',
    pod: 'USNYC',
    podTerminal: 'maher',
    vessel: 'hamburgExpress',
    voyage: '2603W',
    customer: 'Nordlicht Imports LLC',
    tags: ['east-coast'],
    refNumbers: ['SO-55120'],
    createdAt: t.days(-28),
    lastTrackedAt: t.hours(-2),
    polAtd: t.days(-16),
    polOriginalEtd: t.days(-16),
    podOriginalEta: t.localTime(NY, -6, '05:00'),
    podEta: t.localTime(NY, -6, '05:00'),
    podAta: ata,
    containers: [
      {
        number: DEMO.containers.lfdToday,
        status: 'available',
        availableForPickup: true,
        lfd: { terminal: t.midnight(NY, 0) },
        location: 'Row 14 - Bay 22',
        podArrivedAt: ata,
        podDischargedAt: t.days(-5),
      },
      {
        number: DEMO.containers.lfdOverdue,
        status: 'available',
        availableForPickup: true,
        lfd: { line: t.midnight(NY, -3), terminal: t.midnight(NY, -3) },
        fees: [
          { type: 'demurrage', amount: 450, currency_code: 'USD' },
          { type: 'total', amount: 450, currency_code: 'USD' },
        ],
        location: 'Row 03 - Bay 07',
        podArrivedAt: ata,
        podDischargedAt: t.days(-5),
      },
      {
        number: containerNumber('HLBU', 207114),
        status: 'picked_up',
        availableForPickup: false,
        lfd: { terminal: t.midnight(NY, -1) },
        podArrivedAt: ata,
        podDischargedAt: t.days(-5),
        podFullOutAt: t.days(-2),
      },
    ],
  };
}

/** Evergreen, Kaohsiung → Oakland: LFD next week and a pickup appointment tomorrow morning. */
export function appointmentShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(LA, -3, '05:30');
  return {
    ...DEMO.shipments.appointment,
    normalized: '142300012345',
    carrier: 'evergreen',
    pol: 'TWKHH',
    pod: 'USOAK',
    podTerminal: 'oict',
    vessel: 'everForward',
    voyage: '0617-041E',
    customer: 'Bay Area Bikes Inc.',
    tags: ['fragile'],
    createdAt: t.days(-22),
    lastTrackedAt: t.hours(-3),
    polAtd: t.days(-17),
    podOriginalEta: ata,
    podEta: ata,
    podAta: ata,
    containers: [
      {
        number: DEMO.containers.lfdNextWeek,
        status: 'available',
        availableForPickup: true,
        lfd: { terminal: t.midnight(LA, 7) },
        pickupAppointmentAt: t.localTime(LA, 1, '09:30'),
        location: 'Stack - A12',
        podArrivedAt: ata,
        podDischargedAt: t.days(-2),
      },
      {
        number: containerNumber('EMCU', 605127),
        status: 'off_dock',
        availableForPickup: true,
        equipment: { type: 'dry', length: 20, height: 'standard' },
        lfd: { terminal: t.midnight(LA, 5) },
        fees: [{ type: 'other', amount: 75, currency_code: 'USD' }],
        location: 'Off-dock yard - Shippers Transport',
        podArrivedAt: ata,
        podDischargedAt: t.days(-2),
      },
    ],
  };
}

/** OOCL, Singapore → Felixstowe: a terminal that reports neither availability nor LFD. */
export function unknownTerminalDataShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(LONDON, -1, '07:00');
  const unknown = {
    status: 'grounded',
    availabilityKnown: false,
    availableForPickup: null,
    terminalCheckedAt: null,
    podArrivedAt: ata,
    podDischargedAt: t.hours(-10),
  } as const;
  return {
    ...DEMO.shipments.unknownTerminalData,
    normalized: '2712345670',
    carrier: 'oocl',
    pol: 'SGSIN',
    pod: 'GBFXT',
    podTerminal: 'trinity',
    vessel: 'ooclGermany',
    voyage: '022W',
    customer: 'Thames Valley Trading Ltd',
    tags: ['europe'],
    createdAt: t.days(-35),
    lastTrackedAt: t.hours(-4),
    polAtd: t.days(-26),
    podOriginalEta: ata,
    podEta: ata,
    podAta: ata,
    containers: [
      { ...unknown, number: DEMO.containers.unknown },
      { ...unknown, number: containerNumber('OOCU', 771043) },
    ],
  };
}
