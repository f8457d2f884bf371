/**
 * The container's state when `current_status` is absent or contradicts the milestones: derived from the milestone
 * timestamps, the location and the shipment's route (docs/domain-rules.md#derived-state).
 */
import { describe, expect, it } from 'vitest';
import {
  type ContainerState,
  deriveContainerState,
  normaliseStatus,
} from '../../../src/domain/container-state.js';
import type { Container, Shipment } from '../../../src/tracking/models.js';
import { CHICAGO, hold, lfd, makeContainer, makeShipment, zoned } from '../../fixtures/cards/factories.js';

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

/** A box whose vessel is still at sea: ETA in 6 days, nothing from the port of discharge yet. */
const AT_SEA: Partial<Container> = { podArrivedAt: null, podDischargedAt: null };
const VESSEL_ARRIVED: Partial<Shipment> = { podAtaAt: zoned('2024-07-04T08:00:00Z') };
const DISCHARGED = {
  podArrivedAt: zoned('2024-07-04T08:00:00Z'),
  podDischargedAt: zoned('2024-07-04T20:00:00Z'),
};
const RAIL_TO_CHICAGO: Partial<Container> = {
  ...DISCHARGED,
  podFullOutAt: zoned('2024-07-05T06:00:00Z'),
  podRailLoadedAt: zoned('2024-07-05T06:00:00Z'),
  indRailCarrierScac: 'BNSF',
  finalDestinationTimeZone: CHICAGO,
};
const UNLOADED_IN_CHICAGO: Partial<Container> = {
  ...RAIL_TO_CHICAGO,
  indAtaAt: zoned('2024-07-08T10:00:00Z', CHICAGO),
  indRailUnloadedAt: zoned('2024-07-08T14:00:00Z', CHICAGO),
};

interface StateRow {
  phase: ContainerState['phase'];
  source: ContainerState['source'];
  atInlandTerminal?: boolean;
  leftPort?: boolean;
}

/**
 * Every `current_status` Terminal49 documents, first with no milestone (the status stands: nothing proves it
 * wrong), then against milestones that prove a later place, or an earlier one the status cannot be in.
 */
const DOCUMENTED: Array<[status: string, alone: ContainerState['phase']]> = [
  ['new', 'not_arrived'],
  ['on_ship', 'not_arrived'],
  ['loaded', 'not_arrived'],
  ['available', 'at_terminal'],
  ['not_available', 'at_terminal'],
  ['grounded', 'at_terminal'],
  ['awaiting_inland_transfer', 'inland'],
  ['on_rail', 'inland'],
  ['off_dock', 'off_dock'],
  ['picked_up', 'picked_up'],
  ['dropped', 'picked_up'],
  ['delivered', 'picked_up'],
  ['empty_returned', 'empty_returned'],
];

function stateOf(
  container: Partial<Container>,
  shipment: Partial<Shipment> = {},
): StateRow & {
  reportedStatus: string | null;
} {
  const state = deriveContainerState(makeContainer(container), makeShipment(shipment));
  return {
    phase: state.phase,
    source: state.source,
    atInlandTerminal: state.atInlandTerminal,
    leftPort: state.leftPort,
    reportedStatus: state.reportedStatus,
  };
}

describe('every documented status', () => {
  it.each(DOCUMENTED)('%s with no milestone stands as reported', (status, phase) => {
    expect(stateOf({ currentStatus: status, ...AT_SEA })).toMatchObject({
      phase,
      source: 'reported',
      reportedStatus: status,
    });
  });

  const AGAINST: Array<
    [
      status: string,
      milestones: string,
      container: Partial<Container>,
      shipment: Partial<Shipment>,
      expected: StateRow,
    ]
  > = [
    ['new', 'the vessel arrived', {}, VESSEL_ARRIVED, { phase: 'at_terminal', source: 'derived' }],
    [
      'loaded',
      'the box arrived',
      { podArrivedAt: zoned('2024-07-04T08:00:00Z') },
      {},
      { phase: 'at_terminal', source: 'derived' },
    ],
    [
      'on_ship',
      'the vessel arrived (still aboard until discharged)',
      {},
      VESSEL_ARRIVED,
      { phase: 'not_arrived', source: 'reported' },
    ],
    [
      'on_ship',
      'the box arrived but was not discharged',
      { podArrivedAt: zoned('2024-07-04T08:00:00Z') },
      {},
      { phase: 'not_arrived', source: 'reported' },
    ],
    ['on_ship', 'the box was discharged', DISCHARGED, {}, { phase: 'at_terminal', source: 'derived' }],
    [
      'available',
      'the box left by rail',
      RAIL_TO_CHICAGO,
      {},
      { phase: 'inland', source: 'derived', leftPort: true },
    ],
    [
      'not_available',
      'the box is on board',
      { locationAtPodTerminal: 'On-Board Vessel' },
      {},
      { phase: 'not_arrived', source: 'derived' },
    ],
    [
      'grounded',
      'the box is still at the port',
      DISCHARGED,
      {},
      { phase: 'at_terminal', source: 'reported', atInlandTerminal: false, leftPort: false },
    ],
    [
      'grounded',
      'the box was unloaded from rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'reported', atInlandTerminal: true, leftPort: true },
    ],
    [
      'available',
      'the box arrived by rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'reported', atInlandTerminal: true, leftPort: true },
    ],
    [
      'not_available',
      'the box arrived by rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'reported', atInlandTerminal: true },
    ],
    [
      'awaiting_inland_transfer',
      'the box was discharged',
      DISCHARGED,
      {},
      { phase: 'inland', source: 'reported', leftPort: false },
    ],
    [
      'awaiting_inland_transfer',
      'the box arrived by rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'derived', atInlandTerminal: true },
    ],
    [
      'on_rail',
      'the box left by rail',
      RAIL_TO_CHICAGO,
      {},
      { phase: 'inland', source: 'reported', leftPort: true },
    ],
    [
      'on_rail',
      'the box arrived by rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'derived', atInlandTerminal: true },
    ],
    [
      'off_dock',
      'the box left the port',
      { ...DISCHARGED, podFullOutAt: zoned('2024-07-05T06:00:00Z') },
      {},
      { phase: 'off_dock', source: 'reported' },
    ],
    [
      'picked_up',
      'the box left by rail with no final full out',
      RAIL_TO_CHICAGO,
      {},
      { phase: 'inland', source: 'derived' },
    ],
    [
      'picked_up',
      'the box arrived by rail inland, no final full out',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'at_terminal', source: 'derived', atInlandTerminal: true },
    ],
    [
      'picked_up',
      'the box left a port that is its destination',
      { ...DISCHARGED, podFullOutAt: zoned('2024-07-05T06:00:00Z') },
      {},
      { phase: 'picked_up', source: 'reported', leftPort: true },
    ],
    [
      'dropped',
      'the box was picked up inland',
      { ...UNLOADED_IN_CHICAGO, finalDestinationFullOutAt: zoned('2024-07-09T10:00:00Z', CHICAGO) },
      {},
      { phase: 'picked_up', source: 'reported' },
    ],
    [
      'delivered',
      'the box arrived by rail inland',
      UNLOADED_IN_CHICAGO,
      {},
      { phase: 'picked_up', source: 'reported' },
    ],
    [
      'empty_returned',
      'the box was only discharged',
      DISCHARGED,
      {},
      { phase: 'empty_returned', source: 'reported' },
    ],
    [
      'available',
      'the box was returned empty',
      { ...DISCHARGED, emptyTerminatedAt: zoned('2024-07-10T10:00:00Z') },
      {},
      { phase: 'empty_returned', source: 'derived' },
    ],
  ];

  it.each(AGAINST)('%s when %s', (status, _milestones, container, shipment, expected) => {
    expect(stateOf({ currentStatus: status, ...container }, shipment)).toMatchObject(expected);
  });

  it('covers every status of the documented list', () => {
    const tested = new Set(DOCUMENTED.map(([status]) => status));
    for (const status of [
      'new',
      'on_ship',
      'available',
      'not_available',
      'grounded',
      'on_rail',
      'picked_up',
      'off_dock',
      'delivered',
      'dropped',
      'loaded',
      'empty_returned',
      'awaiting_inland_transfer',
    ])
      expect(tested).toContain(status);
  });
});

describe('the spellings real data uses', () => {
  it.each([
    ['On Ship', 'on_ship'],
    ['ON_SHIP', 'on_ship'],
    ['on-ship', 'on_ship'],
    [' Available ', 'available'],
    ['Not Available', 'not_available'],
    ['Picked Up', 'picked_up'],
    ['Empty-Returned', 'empty_returned'],
    ['Awaiting Inland Transfer', 'awaiting_inland_transfer'],
    ['off-dock', 'off_dock'],
  ])('status %j reads as %s', (raw, status) => {
    expect(normaliseStatus(raw)).toBe(status);
    expect(stateOf({ currentStatus: raw, ...AT_SEA }).reportedStatus).toBe(status);
  });

  it('keeps a status it does not know as sent', () => {
    expect(normaliseStatus('Customs Exam')).toBe('Customs Exam');
  });

  it.each([
    'On-Board Vessel',
    'ON BOARD',
    'Onboard vessel',
    'On board ship',
    'On Vessel',
    'Aboard',
    'ON_BOARD',
  ])(
    'location %j means the box is still on board: not at the terminal, with or without a status',
    (location) => {
      expect(
        stateOf({ ...NO_STATUS, availableForPickup: false, locationAtPodTerminal: location }),
      ).toMatchObject({
        phase: 'not_arrived',
      });
      expect(
        stateOf({
          currentStatus: 'not_available',
          availableForPickup: false,
          locationAtPodTerminal: location,
        }),
      ).toMatchObject({ phase: 'not_arrived', source: 'derived' });
    },
  );
});

describe('a box with no status and nothing from the port of discharge', () => {
  it.each<[string, Partial<Container>]>([
    [
      'available_for_pickup false (sent long before arrival)',
      { availableForPickup: false, availabilityKnown: true },
    ],
    ['a customs hold placed before arrival', { availableForPickup: false, holds: [hold('customs')] }],
    [
      'a location at the origin terminal (full in at the port of lading)',
      { locationAtPodTerminal: 'CY Full In - Ningbo Beilun' },
    ],
    [
      'an origin-terminal empty out',
      { locationAtPodTerminal: 'Empty out to shipper', availableForPickup: false },
    ],
  ])('is in transit or at origin with %s, never at the terminal', (_what, container) => {
    expect(stateOf({ ...NO_STATUS, ...AT_SEA, ...container })).toMatchObject({
      phase: 'not_arrived',
      source: 'derived',
    });
  });

  it('is at the terminal once the vessel arrived (the ATA is the port speaking)', () => {
    expect(stateOf({ ...NO_STATUS, availableForPickup: false }, VESSEL_ARRIVED)).toMatchObject({
      phase: 'at_terminal',
      source: 'derived',
    });
  });

  it('is at the terminal when the terminal releases it for pickup', () => {
    expect(stateOf({ ...NO_STATUS, availableForPickup: true })).toMatchObject({ phase: 'at_terminal' });
  });

  it('is at the inland rail terminal once unloaded there, with the port behind it', () => {
    expect(stateOf({ ...NO_STATUS, ...UNLOADED_IN_CHICAGO })).toMatchObject({
      phase: 'at_terminal',
      atInlandTerminal: true,
      leftPort: true,
      source: 'derived',
    });
  });
});
