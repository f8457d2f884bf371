/**
 * What happens next to the demo shipments that are still moving (shipments-in-motion.ts): the COSCO vessel slips,
 * arrives, berths and discharges in Rotterdam (a customs hold is added on one box, then released); the rail leg
 * reaches Chicago; the ZIM shipment is rolled to a later sailing, then loads and departs. The MSC shipment has
 * stopped being tracked and the OOCL terminal reports nothing, so neither has a timeline.
 */
import type { ShipmentTimeline } from '../timeline/facts.js';
import {
  addHold,
  arrived,
  arrivedInland,
  available,
  berthed,
  departed,
  destinationEta,
  discharged,
  emptyReturned,
  eta,
  fullOut,
  gatedIn,
  inlandEta,
  inlandFullOut,
  lfd,
  loaded,
  notAvailable,
  railArrived,
  railDeparted,
  railLoaded,
  railUnloaded,
  releaseHold,
  rolled,
} from '../timeline/facts.js';
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { containerNumber } from './iso6346.js';

const AMSTERDAM = 'Europe/Amsterdam';
const CHICAGO = 'America/Chicago';
const SHANGHAI = 'Asia/Shanghai';
const NY = 'America/New_York';

/** COSCO into Rotterdam: ETA slips five hours, then arrival, berth, discharge, a customs scan, pickups. */
export function onWaterVoyage(t: DemoTime): ShipmentTimeline {
  const first = containerNumber('CSNU', 880412);
  const scanned = containerNumber('CBHU', 512001);
  const small = containerNumber('FCIU', 300118);
  const day = (days: number, time: string) => t.localTime(AMSTERDAM, days, time);
  return {
    shipmentId: DEMO.shipments.onWater.id,
    rows: [
      [t.hours(2), eta(day(1, '11:00'))],
      [day(1, '11:00'), arrived()],
      [day(1, '12:30'), berthed()],
      [day(1, '14:00'), discharged(first)],
      [day(1, '14:40'), discharged(scanned)],
      [day(1, '15:10'), discharged(small)],
      [
        day(1, '17:00'),
        available(first),
        lfd(first, 'terminal', t.midnight(AMSTERDAM, 4)),
        addHold(scanned, { name: 'customs', status: 'hold', description: 'DOUANE - SCAN ORDERED' }),
        notAvailable(scanned),
        lfd(scanned, 'terminal', t.midnight(AMSTERDAM, 4)),
        available(small),
        lfd(small, 'terminal', t.midnight(AMSTERDAM, 4)),
      ],
      [day(2, '09:00'), lfd(first, 'line', t.midnight(AMSTERDAM, 6))],
      [day(2, '10:30'), fullOut(small)],
      [day(2, '15:00'), releaseHold(scanned, 'customs'), available(scanned)],
      [day(3, '08:15'), fullOut(first)],
      [day(4, '11:45'), fullOut(scanned)],
      [day(6, '10:00'), emptyReturned(small)],
    ],
  };
}

/** ONE's rail leg: the Chicago ETA slips, the second box goes on rail, the first arrives and is picked up. */
export function railMoveVoyage(t: DemoTime): ShipmentTimeline {
  const { onRail } = DEMO.containers;
  const waiting = containerNumber('ONEU', 520336);
  const chicago = (days: number, time: string) => t.localTime(CHICAGO, days, time);
  return {
    shipmentId: DEMO.shipments.railMove.id,
    rows: [
      [t.hours(2), inlandEta(onRail, chicago(2, '20:00')), destinationEta(chicago(2, '20:00'))],
      [t.hours(5), railLoaded(waiting)],
      [t.hours(9), railDeparted(waiting)],
      [chicago(2, '20:00'), railArrived(onRail)],
      [chicago(2, '21:30'), railUnloaded(onRail), arrivedInland(onRail)],
      [chicago(3, '06:00'), available(onRail), lfd(onRail, 'rail', t.midnight(CHICAGO, 5))],
      [chicago(3, '14:20'), inlandFullOut(onRail)],
      [chicago(5, '10:00'), railArrived(waiting)],
      [chicago(5, '12:00'), railUnloaded(waiting), arrivedInland(waiting)],
      [chicago(5, '16:00'), emptyReturned(onRail)],
    ],
  };
}

/** ZIM from Shanghai: the second box gates in, the booking is rolled a week to the next sailing, which departs. */
export function nonUuidVoyage(t: DemoTime): ShipmentTimeline {
  const newBox = containerNumber('ZIMU', 311906);
  const shanghai = (days: number, time: string) => t.localTime(SHANGHAI, days, time);
  return {
    shipmentId: DEMO.shipments.nonUuid.id,
    rows: [
      [t.hours(6), gatedIn(newBox)],
      [
        t.hours(20),
        rolled({
          vessel: 'zimShanghai',
          voyage: '14E',
          etd: shanghai(9, '18:00'),
          eta: t.localTime(NY, 39, '08:00'),
        }),
      ],
      [shanghai(9, '08:00'), loaded()],
      [shanghai(9, '19:10'), departed()],
    ],
  };
}
