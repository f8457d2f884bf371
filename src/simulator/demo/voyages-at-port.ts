/**
 * What happens next to the demo shipments that are already at their port of discharge (shipments-at-port.ts and
 * many-containers.ts), one row per instant. The first changes come within hours of the anchor, so a few "+1 day"
 * clicks show availability, hold releases, LFD changes by source, appointments, pickups, empty returns and the end
 * of tracking. Rows of one container are in time order for any anchor (a test checks it across a day of anchors).
 */
import type { ShipmentTimeline } from '../timeline/facts.js';
import {
  appointment,
  available,
  emptyReturned,
  fees,
  fullOut,
  lfd,
  releaseHold,
  trackingStopped,
} from '../timeline/facts.js';
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { containerNumber } from './iso6346.js';
import { containerAt, MANY_CONTAINERS_COUNT } from './many-containers.js';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

/** Maersk into Los Angeles: the reefer becomes available, both holds are released, then every box goes home. */
export function slippedEtaVoyage(t: DemoTime): ShipmentTimeline {
  const { ready, onHold } = DEMO.containers;
  const reefer = containerNumber('MRKU', 448120);
  return {
    shipmentId: DEMO.shipments.slippedEta.id,
    rows: [
      [t.hours(1), available(reefer), lfd(reefer, 'terminal', t.midnight(LA, 3))],
      [t.hours(2), appointment(ready, t.localTime(LA, 1, '08:00'))],
      [t.hours(4), releaseHold(onHold, 'freight')],
      [t.localTime(LA, 1, '08:47'), fullOut(ready)],
      [t.hours(20), releaseHold(onHold, 'customs'), available(onHold)],
      [t.hours(21), lfd(onHold, 'terminal', t.midnight(LA, 3))],
      [t.hours(26), lfd(reefer, 'line', t.midnight(LA, 5))],
      [t.hours(40), fullOut(reefer)],
      [t.hours(46), fullOut(onHold)],
      [t.localTime(LA, 3, '13:10'), emptyReturned(ready)],
      [t.hours(70), emptyReturned(reefer)],
      [t.hours(90), emptyReturned(onHold)],
      [t.hours(96), trackingStopped('all_containers_terminated')],
    ],
  };
}

/** Hapag-Lloyd into New York: the LFD-today box is picked up, demurrage grows daily on the overdue one. */
export function arrivedVoyage(t: DemoTime): ShipmentTimeline {
  const { lfdToday, lfdOverdue } = DEMO.containers;
  const pickedUp = containerNumber('HLBU', 207114);
  const demurrage = (amount: number) =>
    fees(lfdOverdue, [
      { type: 'demurrage', amount, currency_code: 'USD' },
      { type: 'total', amount, currency_code: 'USD' },
    ]);
  return {
    shipmentId: DEMO.shipments.arrived.id,
    rows: [
      [t.hours(1), appointment(lfdToday, t.hours(5))],
      [t.hours(3), emptyReturned(pickedUp)],
      [t.hours(6), fullOut(lfdToday)],
      [t.localTime(NY, 1, '00:05'), demurrage(600)],
      [t.localTime(NY, 1, '10:15'), fullOut(lfdOverdue)],
      [t.hours(30), emptyReturned(lfdToday)],
      [t.localTime(NY, 3, '09:40'), emptyReturned(lfdOverdue)],
    ],
  };
}

/** Evergreen into Oakland: the appointment is moved to the afternoon, then both boxes leave. */
export function appointmentVoyage(t: DemoTime): ShipmentTimeline {
  const { lfdNextWeek } = DEMO.containers;
  const offDock = containerNumber('EMCU', 605127);
  return {
    shipmentId: DEMO.shipments.appointment.id,
    rows: [
      [t.hours(3), appointment(lfdNextWeek, t.localTime(LA, 1, '13:00'))],
      [t.localTime(LA, 1, '13:25'), fullOut(lfdNextWeek)],
      [t.localTime(LA, 2, '10:00'), fullOut(offDock)],
      [t.localTime(LA, 4, '15:00'), emptyReturned(lfdNextWeek)],
      [t.localTime(LA, 5, '09:00'), emptyReturned(offDock)],
    ],
  };
}

/**
 * CMA CGM into Savannah, 60 boxes: the terminal releases every hold at once (a burst of one notification per
 * container), then the boxes it had not reported on become available, then a first batch is picked up.
 */
export function manyContainersVoyage(t: DemoTime): ShipmentTimeline {
  const boxes = Array.from({ length: MANY_CONTAINERS_COUNT }, (_, index) => containerAt(index, t, ''));
  const held = boxes.filter((box) => (box.holds?.length ?? 0) > 0);
  const unreported = boxes.filter((box) => box.status === 'grounded');
  const ready = boxes.filter((box) => box.status === 'available' && box.availableForPickup === true);
  return {
    shipmentId: DEMO.shipments.manyContainers.id,
    rows: [
      [
        t.hours(5),
        ...held.flatMap((box) => [
          ...(box.holds ?? []).map((hold) => releaseHold(box.number, hold.name)),
          available(box.number),
        ]),
      ],
      [
        t.hours(12),
        ...unreported.flatMap((box) => [
          available(box.number),
          lfd(box.number, 'terminal', t.midnight(NY, 4)),
        ]),
      ],
      [t.localTime(NY, 2, '07:30'), ...ready.slice(0, 10).map((box) => fullOut(box.number))],
    ],
  };
}
