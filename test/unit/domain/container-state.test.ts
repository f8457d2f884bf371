/**
 * The container's state when `current_status` is absent or contradicts the milestones: derived from the milestone
 * timestamps, the location and the shipment's route (docs/domain-rules.md#derived-state).
 */
import { describe, expect, it } from 'vitest';
import { type ContainerState, deriveContainerState } from '../../../src/domain/container-state.js';
import type { Container, Shipment } from '../../../src/tracking/models.js';
import { CHICAGO, lfd, makeContainer, makeShipment, zoned } from '../../fixtures/cards/factories.js';

const LEFT_POD = { podArrivedAt: zoned('2024-07-01T10:00:00Z'), podFullOutAt: zoned('2024-07-04T10:00:00Z') };
const TO_CHICAGO: Partial<Shipment> = {
  destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO },
};
const NO_STATUS = { currentStatus: null, availabilityKnown: null, availableForPickup: null };

type Row = [
  sentence: string,
  container: Partial<Container>,
  shipment: Partial<Shipment>,
  expected: Pick<ContainerState, 'phase' | 'source' | 'reportedStatus'> & { onRail?: boolean },
];

const ROWS: Row[] = [
  [
    'full out, shipment bound for Chicago, no status: on its way inland, not picked up',
    { ...NO_STATUS, ...LEFT_POD },
    TO_CHICAGO,
    { phase: 'inland', source: 'derived', reportedStatus: null, onRail: false },
  ],
  [
    'full out with rail fields, no status: on rail',
    { ...NO_STATUS, ...LEFT_POD, podRailLoadedAt: zoned('2024-07-04T12:00:00Z'), indRailCarrierScac: 'UPRR' },
    {},
    { phase: 'inland', source: 'derived', reportedStatus: null, onRail: true },
  ],
  [
    'full out with only a final-destination zone, no status: on its way inland',
    { ...NO_STATUS, ...LEFT_POD, finalDestinationTimeZone: CHICAGO },
    {},
    { phase: 'inland', source: 'derived', reportedStatus: null, onRail: false },
  ],
  [
    'full out with a rail LFD, no status: on rail',
    { ...NO_STATUS, ...LEFT_POD, deadlines: [lfd('2024-07-09T05:00:00Z', 'rail', CHICAGO)] },
    {},
    { phase: 'inland', source: 'derived', reportedStatus: null, onRail: true },
  ],
  [
    'reported picked up but bound inland with no final full out: on its way inland, derived against the report',
    { ...LEFT_POD, currentStatus: 'picked_up' },
    TO_CHICAGO,
    { phase: 'inland', source: 'derived', reportedStatus: 'picked_up', onRail: false },
  ],
  [
    'full out at the final destination: picked up',
    { ...NO_STATUS, ...LEFT_POD, finalDestinationFullOutAt: zoned('2024-07-09T10:00:00Z', CHICAGO) },
    TO_CHICAGO,
    { phase: 'picked_up', source: 'derived', reportedStatus: null },
  ],
  [
    'full out, no inland route, no status: picked up',
    { ...NO_STATUS, ...LEFT_POD },
    {},
    { phase: 'picked_up', source: 'derived', reportedStatus: null },
  ],
  [
    'reported available after a full out: picked up, derived against the report',
    { ...LEFT_POD, currentStatus: 'available' },
    {},
    { phase: 'picked_up', source: 'derived', reportedStatus: 'available' },
  ],
  [
    'returned empty: empty returned',
    { ...NO_STATUS, ...LEFT_POD, emptyTerminatedAt: zoned('2024-07-06T10:00:00Z') },
    {},
    { phase: 'empty_returned', source: 'derived', reportedStatus: null },
  ],
  [
    'location on board, no arrival, no status: not at the terminal yet',
    { ...NO_STATUS, availableForPickup: false, locationAtPodTerminal: 'ON BOARD VESSEL' },
    {},
    { phase: 'not_arrived', source: 'derived', reportedStatus: null },
  ],
  [
    'location on board, no arrival, reported not available: not at the terminal yet, derived against the report',
    { currentStatus: 'not_available', availableForPickup: false, locationAtPodTerminal: 'On Board' },
    {},
    { phase: 'not_arrived', source: 'derived', reportedStatus: 'not_available' },
  ],
  [
    'no milestone and no location, no status: not at the terminal yet',
    { ...NO_STATUS },
    {},
    { phase: 'not_arrived', source: 'derived', reportedStatus: null },
  ],
  [
    'discharged, no status: at the terminal',
    { ...NO_STATUS, podDischargedAt: zoned('2024-07-02T10:00:00Z') },
    {},
    { phase: 'at_terminal', source: 'derived', reportedStatus: null },
  ],
  [
    'reported on the ship but discharged: at the terminal, derived against the report',
    { currentStatus: 'on_ship', podDischargedAt: zoned('2024-07-02T10:00:00Z') },
    {},
    { phase: 'at_terminal', source: 'derived', reportedStatus: 'on_ship' },
  ],
  [
    'no milestone but the terminal reports it available: at the terminal',
    { currentStatus: null, availableForPickup: true },
    {},
    { phase: 'at_terminal', source: 'derived', reportedStatus: null },
  ],
  [
    'reported available, no milestones at all: the report stands',
    { currentStatus: 'available' },
    {},
    { phase: 'at_terminal', source: 'reported', reportedStatus: 'available' },
  ],
  [
    'reported on rail with a full out: the report stands',
    { ...LEFT_POD, currentStatus: 'on_rail' },
    TO_CHICAGO,
    { phase: 'inland', source: 'reported', reportedStatus: 'on_rail', onRail: true },
  ],
  [
    'reported off dock with a full out: the report stands',
    { ...LEFT_POD, currentStatus: 'off_dock' },
    {},
    { phase: 'off_dock', source: 'reported', reportedStatus: 'off_dock' },
  ],
  [
    'reported dropped with a full out: the report stands',
    { ...LEFT_POD, currentStatus: 'dropped' },
    TO_CHICAGO,
    { phase: 'picked_up', source: 'reported', reportedStatus: 'dropped' },
  ],
  [
    'reported on rail but picked up at the final destination: picked up, derived against the report',
    { ...LEFT_POD, currentStatus: 'on_rail', finalDestinationFullOutAt: zoned('2024-07-09T10:00:00Z') },
    TO_CHICAGO,
    { phase: 'picked_up', source: 'derived', reportedStatus: 'on_rail' },
  ],
  [
    'a full out dated 0000-00-00 is no full out: at the terminal',
    {
      ...NO_STATUS,
      podDischargedAt: zoned('2024-07-02T10:00:00Z'),
      podFullOutAt: zoned('0000-00-00T00:00:00Z'),
    },
    {},
    { phase: 'at_terminal', source: 'derived', reportedStatus: null },
  ],
  [
    'a status the API adds later: reported, placed by its milestones',
    { ...LEFT_POD, currentStatus: 'some_new_status' },
    {},
    { phase: 'picked_up', source: 'reported', reportedStatus: 'some_new_status' },
  ],
];

describe('container state', () => {
  it.each(ROWS)('%s', (_sentence, container, shipment, expected) => {
    const state = deriveContainerState(makeContainer(container), makeShipment(shipment));
    expect({ phase: state.phase, source: state.source, reportedStatus: state.reportedStatus }).toEqual({
      phase: expected.phase,
      source: expected.source,
      reportedStatus: expected.reportedStatus,
    });
    if (expected.onRail !== undefined) expect(state.onRail).toBe(expected.onRail);
  });

  it('reads the route from the container alone when no shipment is at hand', () => {
    const state = deriveContainerState(
      makeContainer({ ...NO_STATUS, ...LEFT_POD, indRailCarrierScac: 'BNSF' }),
      null,
    );
    expect(state.phase).toBe('inland');
  });
});
