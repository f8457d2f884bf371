/**
 * CMA CGM, Yantian → Savannah with 60 containers: the shipment the card has to summarise. The boxes cycle through
 * statuses, every canonical hold name, fee rows, and LFDs where the line and terminal disagree (the line wins in
 * `pickup_lfd`, the terminal is sooner), so list rendering and risk logic meet every case in one place.
 */
import { DEMO } from './catalog.js';
import type { ContainerSpec, Fee, Hold } from './container-builder.js';
import type { DemoTime } from './demo-time.js';
import { containerNumber } from './iso6346.js';
import type { ShipmentSpec } from './shipment-builder.js';

const NY = 'America/New_York';
export const MANY_CONTAINERS_COUNT = 60;
const OWNERS = ['CMAU', 'CGMU', 'TGHU', 'SEGU', 'BMOU'] as const;

const HOLDS: readonly Hold[] = [
  { name: 'USDA', status: 'hold', description: 'USDA INSPECTION' },
  { name: 'VACIS', status: 'hold', description: 'VACIS EXAM' },
  { name: 'TMF', status: 'hold', description: 'TRAFFIC MITIGATION FEE UNPAID' },
  { name: 'other', status: 'pending', description: 'LINE HOLD PENDING' },
  { name: 'customs', status: 'hold', description: 'CUSTOMS' },
  { name: 'freight', status: 'hold', description: '' },
];

function feesFor(index: number): Fee[] {
  const exam = index % 4 === 0 ? 0 : 275;
  return [
    { type: 'exam', amount: exam, currency_code: 'USD' },
    { type: 'total', amount: exam, currency_code: 'USD' },
  ];
}

/** Box `index` of the shipment as of the anchor (voyages-at-port.ts reads it to pick the boxes that change). */
export function containerAt(index: number, t: DemoTime, ata: string): ContainerSpec {
  const base: ContainerSpec = {
    number: containerNumber(OWNERS[index % OWNERS.length] ?? 'CMAU', 410_000 + index * 137),
    status: 'available',
    equipment:
      index % 6 === 0
        ? { type: 'reefer', length: 40, height: 'high_cube' }
        : index % 5 === 0
          ? { type: 'dry', length: 20, height: 'standard' }
          : { type: 'dry', length: 40, height: 'high_cube' },
    podArrivedAt: ata,
    podDischargedAt: t.hours(-20 + (index % 12)),
    location: `Yard - D${String(100 + index).padStart(4, '0')}`,
  };
  if (index === MANY_CONTAINERS_COUNT - 2) {
    return {
      ...base,
      status: 'delivered',
      availableForPickup: false,
      podFullOutAt: t.hours(-8),
      location: null,
    };
  }
  if (index === MANY_CONTAINERS_COUNT - 1) {
    return {
      ...base,
      status: 'dropped',
      availableForPickup: false,
      podFullOutAt: t.hours(-10),
      location: null,
    };
  }
  switch (index % 10) {
    case 4:
    case 5:
      return { ...base, status: 'grounded', availableForPickup: null, location: null };
    case 6:
    case 9: {
      const hold = HOLDS[Math.floor(index / 10) % HOLDS.length] ?? HOLDS[0];
      return {
        ...base,
        status: 'not_available',
        availableForPickup: false,
        holds: hold ? [hold] : [],
        fees: feesFor(index),
        lfd: { terminal: t.midnight(NY, 4) },
      };
    }
    case 7:
      return {
        ...base,
        status: 'picked_up',
        availableForPickup: false,
        podFullOutAt: t.hours(-12),
        location: null,
      };
    case 8:
      return {
        ...base,
        availableForPickup: true,
        lfd: { line: t.midnight(NY, 4), terminal: t.midnight(NY, 2) },
      };
    default:
      return { ...base, availableForPickup: true, lfd: { terminal: t.midnight(NY, 3 + (index % 4)) } };
  }
}

export function manyContainersShipment(t: DemoTime): ShipmentSpec {
  const ata = t.localTime(NY, -1, '06:45');
  const { id, bl, booking } = DEMO.shipments.manyContainers;
  return {
    id,
    bl,
    normalized: booking,
    extraNumbers: [booking],
    carrier: 'cmaCgm',
    pol: 'CNYTN',
    pod: 'USSAV',
    podTerminal: 'gardenCity',
    vessel: 'cmaCgmMarcoPolo',
    voyage: '0MXA5W1MA',
    customer: 'Peach State Distributors',
    tags: ['east-coast'],
    refNumbers: ['PO-2024-7781', 'PO-2024-7782'],
    createdAt: t.days(-40),
    lastTrackedAt: t.hours(-1),
    polAtd: t.days(-30),
    podOriginalEta: ata,
    podEta: ata,
    podAta: ata,
    containers: Array.from({ length: MANY_CONTAINERS_COUNT }, (_, index) => containerAt(index, t, ata)),
  };
}
