/**
 * The change engine's rule, table-driven: each row is a before and an after reading of one shipment (as the API
 * would return them) and the changes a channel must be told about, no more.
 */
import { describe, expect, it } from 'vitest';
import {
  diffSnapshots,
  isImportant,
  type ShipmentSnapshot,
  snapshotOf,
  type WatchChange,
} from '../../../../src/domain/changes/index.js';
import type { Container, Shipment } from '../../../../src/tracking/models.js';
import { fee, hold, lfd, makeContainer, makeDetail, zoned } from '../../../fixtures/cards/factories.js';

const HOUR = 3_600_000;
const AT_TERMINAL: Partial<Container> = {
  id: 'box-1',
  number: 'MSKU1234565',
  currentStatus: 'not_available',
  availableForPickup: false,
  podArrivedAt: zoned('2024-07-04T10:00:00Z'),
  podDischargedAt: zoned('2024-07-04T14:00:00Z'),
  holds: [hold('customs')],
};
const AT_SEA: Partial<Container> = {
  id: 'box-1',
  number: 'MSKU1234565',
  currentStatus: 'on_ship',
  availableForPickup: null,
  availabilityKnown: null,
  terminalCheckedAt: null,
};

interface Side {
  shipment?: Partial<Shipment>;
  container?: Partial<Container>;
  fetchedAt?: string;
}

function reading(side: Side): ShipmentSnapshot {
  return snapshotOf(
    makeDetail({
      shipment: side.shipment ?? {},
      containers: [makeContainer(side.container ?? AT_TERMINAL)],
      fetchedAt: side.fetchedAt ?? '2024-07-05T16:00:00Z',
    }),
  );
}

const ROWS: Array<{ says: string; before: Side; after: Side; kinds: WatchChange['kind'][] }> = [
  {
    says: 'nothing when nothing changed',
    before: {},
    after: { fetchedAt: '2024-07-05T17:00:00Z' },
    kinds: [],
  },
  {
    says: 'the ETA moved by 20 hours',
    before: { container: AT_SEA },
    after: { container: AT_SEA, shipment: { podEtaAt: zoned('2024-07-09T11:00:00Z') } },
    kinds: ['eta_changed'],
  },
  {
    says: 'nothing for an ETA that moved less than the threshold',
    before: { container: AT_SEA },
    after: { container: AT_SEA, shipment: { podEtaAt: zoned('2024-07-08T15:30:00Z') } },
    kinds: [],
  },
  {
    says: 'the vessel departed',
    before: { container: AT_SEA, shipment: { polAtdAt: null } },
    after: { container: AT_SEA },
    kinds: ['departed'],
  },
  {
    says: 'the vessel arrived (and the ETA that no longer matters is not reported)',
    before: { container: AT_SEA },
    after: { container: AT_SEA, shipment: { podAtaAt: zoned('2024-07-05T10:00:00Z'), podEtaAt: null } },
    kinds: ['arrived'],
  },
  {
    says: 'a container was discharged',
    before: { container: { ...AT_TERMINAL, podDischargedAt: null } },
    after: {},
    kinds: ['discharged'],
  },
  {
    says: 'a hold was released and the box became available',
    before: {},
    after: { container: { ...AT_TERMINAL, holds: [], availableForPickup: true, currentStatus: 'available' } },
    kinds: ['available', 'hold_released'],
  },
  {
    says: 'a box is no longer available because a hold was added',
    before: {
      container: { ...AT_TERMINAL, holds: [], availableForPickup: true, currentStatus: 'available' },
    },
    after: { container: { ...AT_TERMINAL, holds: [hold('USDA')] } },
    kinds: ['not_available', 'hold_added'],
  },
  {
    says: 'a pending hold was announced',
    before: {},
    after: { container: { ...AT_TERMINAL, holds: [hold('customs'), hold('TMF', 'pending')] } },
    kinds: ['hold_added'],
  },
  {
    says: 'fees were posted',
    before: { container: { ...AT_TERMINAL, fees: [fee('demurrage', 0)] } },
    after: { container: { ...AT_TERMINAL, fees: [fee('demurrage', 350)] } },
    kinds: ['fees_posted'],
  },
  {
    says: 'a terminal LFD was set',
    before: {},
    after: { container: { ...AT_TERMINAL, deadlines: [lfd('2024-07-09T07:00:00Z')] } },
    kinds: ['lfd_set'],
  },
  {
    says: 'the line LFD changed',
    before: { container: { ...AT_TERMINAL, deadlines: [lfd('2024-07-09T07:00:00Z', 'line')] } },
    after: { container: { ...AT_TERMINAL, deadlines: [lfd('2024-07-11T07:00:00Z', 'line')] } },
    kinds: ['lfd_changed'],
  },
  {
    says: 'a pickup appointment was booked',
    before: {},
    after: { container: { ...AT_TERMINAL, pickupAppointmentAt: zoned('2024-07-06T16:00:00Z') } },
    kinds: ['appointment_set'],
  },
  {
    says: 'the box was picked up (leaving is not "no longer available")',
    before: {
      container: { ...AT_TERMINAL, holds: [], availableForPickup: true, currentStatus: 'available' },
    },
    after: {
      container: {
        ...AT_TERMINAL,
        holds: [],
        availableForPickup: false,
        currentStatus: 'picked_up',
        podFullOutAt: zoned('2024-07-05T15:00:00Z'),
      },
    },
    kinds: ['picked_up'],
  },
  {
    says: 'the empty was returned',
    before: {
      container: {
        ...AT_TERMINAL,
        holds: [],
        currentStatus: 'picked_up',
        podFullOutAt: zoned('2024-07-05T15:00:00Z'),
      },
    },
    after: {
      container: {
        ...AT_TERMINAL,
        holds: [],
        currentStatus: 'empty_returned',
        podFullOutAt: zoned('2024-07-05T15:00:00Z'),
        emptyTerminatedAt: zoned('2024-07-06T15:00:00Z'),
      },
    },
    kinds: ['empty_returned'],
  },
  {
    says: 'the box went on rail, then arrived by rail at the inland destination',
    before: { container: { ...AT_TERMINAL, holds: [], finalDestinationTimeZone: 'America/Chicago' } },
    after: {
      container: {
        ...AT_TERMINAL,
        holds: [],
        currentStatus: 'on_rail',
        finalDestinationTimeZone: 'America/Chicago',
        podFullOutAt: zoned('2024-07-05T12:00:00Z'),
        podRailLoadedAt: zoned('2024-07-05T12:00:00Z'),
        indAtaAt: zoned('2024-07-05T15:00:00Z', 'America/Chicago'),
        indRailUnloadedAt: zoned('2024-07-05T15:30:00Z', 'America/Chicago'),
      },
    },
    kinds: ['on_rail', 'rail_arrived', 'inland_arrived'],
  },
  {
    says: 'the booking was rolled to another vessel',
    before: { container: AT_SEA },
    after: {
      container: AT_SEA,
      shipment: { vessel: { name: 'ZIM SHANGHAI', imo: '9699103', voyageNumber: '14E' } },
    },
    kinds: ['vessel_changed'],
  },
  {
    says: 'the voyage number changed on the same vessel',
    before: { container: AT_SEA },
    after: {
      container: AT_SEA,
      shipment: { vessel: { name: 'MAERSK EMDEN', imo: '9778791', voyageNumber: '247E' } },
    },
    kinds: ['vessel_changed'],
  },
  {
    says: 'tracking stopped',
    before: {},
    after: {
      shipment: {
        lineTracking: {
          lastAttemptedAt: null,
          lastSucceededAt: null,
          stoppedAt: '2024-07-05T15:00:00Z',
          stoppedReason: 'past_full_out_window',
        },
      },
    },
    kinds: ['tracking_stopped'],
  },
];

describe('diffSnapshots', () => {
  for (const row of ROWS) {
    it(`reports ${row.says}`, () => {
      const { changes } = diffSnapshots(reading(row.before), reading(row.after));
      expect(changes.map((change) => change.kind).sort()).toEqual([...row.kinds].sort());
    });
  }

  it('reports a failed tracking request once, with its reason, and again only for a later failure', () => {
    const failed = { at: '2024-07-05T15:00:00Z', reason: 'Booking number not found at the carrier' };
    const before = reading({});
    const after = snapshotOf(
      makeDetail({ containers: [makeContainer(AT_TERMINAL)], fetchedAt: '2024-07-05T16:00:00Z' }),
      before,
      { trackingFailed: failed },
    );
    expect(diffSnapshots(before, after).changes).toEqual([
      expect.objectContaining({
        kind: 'tracking_failed',
        at: failed.at,
        reason: failed.reason,
        container: null,
      }),
    ]);
    // The next reading carries the failure forward: nothing new to say.
    const again = snapshotOf(
      makeDetail({ containers: [makeContainer(AT_TERMINAL)], fetchedAt: '2024-07-05T17:00:00Z' }),
      after,
    );
    expect(diffSnapshots(after, again).changes).toEqual([]);
    const later = snapshotOf(
      makeDetail({ containers: [makeContainer(AT_TERMINAL)], fetchedAt: '2024-07-06T09:00:00Z' }),
      again,
      { trackingFailed: { at: '2024-07-06T08:00:00Z', reason: 'Carrier site down' } },
    );
    expect(diffSnapshots(again, later).changes).toEqual([
      expect.objectContaining({ kind: 'tracking_failed', reason: 'Carrier site down' }),
    ]);
  });

  it('says which hold was released and on which box', () => {
    const { changes } = diffSnapshots(reading({}), reading({ container: { ...AT_TERMINAL, holds: [] } }));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'hold_released',
        hold: 'customs',
        container: { id: 'box-1', number: 'MSKU1234565' },
      }),
    ]);
  });

  it('says an ETA move from the old ETA to the new one and keeps the original', () => {
    const { changes } = diffSnapshots(
      reading({ container: AT_SEA }),
      reading({ container: AT_SEA, shipment: { podEtaAt: zoned('2024-07-09T11:00:00Z') } }),
    );
    expect(changes[0]).toMatchObject({
      kind: 'eta_changed',
      from: { at: '2024-07-08T15:00:00Z' },
      to: { at: '2024-07-09T11:00:00Z' },
      original: { at: '2024-07-06T15:00:00Z' },
      place: 'Los Angeles',
    });
  });

  it('adds small ETA moves up from the last reported ETA instead of letting each slip through', () => {
    const etaAt = (iso: string) => ({ container: AT_SEA, shipment: { podEtaAt: zoned(iso) } });
    const first = reading(etaAt('2024-07-08T15:00:00Z'));
    const settings = { etaThresholdMs: 2 * HOUR };
    const step1 = diffSnapshots(first, reading(etaAt('2024-07-08T16:00:00Z')), settings);
    expect(step1.changes).toEqual([]);
    const step2 = diffSnapshots(step1.next, reading(etaAt('2024-07-08T17:30:00Z')), settings);
    expect(step2.changes.map((change) => change.kind)).toEqual(['eta_changed']);
    expect(step2.changes[0]).toMatchObject({ from: { at: '2024-07-08T15:00:00Z' } });
    expect(step2.next.etaBaseline?.at).toBe('2024-07-08T17:30:00Z');
  });

  it('gives the same change the same key whichever reading saw it (a webhook, then a poll)', () => {
    const before = reading({ container: { ...AT_TERMINAL, podDischargedAt: null } });
    const viaWebhook = diffSnapshots(before, reading({ fetchedAt: '2024-07-05T16:01:00Z' }));
    const viaPoll = diffSnapshots(before, reading({ fetchedAt: '2024-07-05T16:15:00Z' }));
    expect(viaWebhook.changes.map((c) => c.key)).toEqual(viaPoll.changes.map((c) => c.key));
  });

  it('reports nothing about a container that was not in the previous reading', () => {
    const before = snapshotOf(makeDetail({ containers: [] }));
    expect(diffSnapshots(before, reading({})).changes).toEqual([]);
  });

  it('keeps a berth only a webhook reported, and reports it once', () => {
    const berth = { berthedAt: zoned('2024-07-05T12:30:00Z') };
    const before = reading({});
    const after = snapshotOf(makeDetail({ containers: [makeContainer(AT_TERMINAL)] }), before, berth);
    expect(diffSnapshots(before, after).changes.map((c) => c.kind)).toEqual(['berthed']);
    const later = snapshotOf(makeDetail({ containers: [makeContainer(AT_TERMINAL)] }), after);
    expect(later.berthedAt).toEqual(berth.berthedAt);
    expect(diffSnapshots(after, later).changes).toEqual([]);
  });

  it('marks availability, holds added and a roll as important, and a discharge not', () => {
    const important = (kind: WatchChange['kind']) =>
      ROWS.flatMap((row) => diffSnapshots(reading(row.before), reading(row.after)).changes)
        .filter((change) => change.kind === kind)
        .map(isImportant);
    expect(important('available')).toEqual([true]);
    expect(important('hold_added')).toEqual([true, false]);
    expect(important('vessel_changed')).toEqual([true, true]);
    expect(important('discharged')).toEqual([false]);
  });
});

describe('what a watched card shows, inland too', () => {
  const INLAND: Partial<Shipment> = {
    destination: { locode: 'USCHI', name: 'Chicago', timeZone: 'America/Chicago' },
    destinationEtaAt: zoned('2024-07-12T15:00:00Z', 'America/Chicago'),
    destinationOriginalEtaAt: zoned('2024-07-11T15:00:00Z', 'America/Chicago'),
  };

  it('tells an inland ETA move (destination_eta_at), from the old inland ETA to the new one', () => {
    const before = reading({ shipment: INLAND });
    const after = reading({
      shipment: { ...INLAND, destinationEtaAt: zoned('2024-07-14T15:00:00Z', 'America/Chicago') },
    });
    const { changes, next } = diffSnapshots(before, after);
    expect(changes).toMatchObject([
      {
        kind: 'eta_changed',
        leg: 'destination',
        place: 'Chicago',
        from: { at: '2024-07-12T15:00:00Z' },
        to: { at: '2024-07-14T15:00:00Z' },
        original: { at: '2024-07-11T15:00:00Z' },
      },
    ]);
    expect(next.destinationEtaBaseline?.at).toBe('2024-07-14T15:00:00Z');
  });

  it('announces nothing for a snapshot stored before inland ETAs were recorded: its baseline is set instead', () => {
    const legacy = reading({ shipment: INLAND });
    delete legacy.destinationEta;
    delete legacy.destinationEtaBaseline;
    const { changes, next } = diffSnapshots(legacy, reading({ shipment: INLAND }));
    expect(changes).toEqual([]);
    expect(next.destinationEtaBaseline?.at).toBe('2024-07-12T15:00:00Z');
  });

  const SHOWN: Array<[string, Side]> = [
    [
      'the inland ETA (destination_eta_at)',
      { shipment: { ...INLAND, destinationEtaAt: zoned('2024-07-12T18:00:00Z') } },
    ],
    [
      'the inland arrival (destination_ata_at)',
      { shipment: { ...INLAND, destinationAtaAt: zoned('2024-07-12T18:00:00Z') } },
    ],
    [
      'the rail ETA (ind_eta_at)',
      { shipment: INLAND, container: { ...AT_TERMINAL, indEtaAt: zoned('2024-07-12T10:00:00Z') } },
    ],
    [
      'the rail arrival (ind_ata_at)',
      { shipment: INLAND, container: { ...AT_TERMINAL, indAtaAt: zoned('2024-07-12T10:00:00Z') } },
    ],
    [
      'the rail departure (pod_rail_departed_at)',
      { shipment: INLAND, container: { ...AT_TERMINAL, podRailDepartedAt: zoned('2024-07-06T10:00:00Z') } },
    ],
    [
      'the yard location',
      { shipment: INLAND, container: { ...AT_TERMINAL, locationAtPodTerminal: 'Yard - C1009B' } },
    ],
    [
      'a hold description',
      { shipment: INLAND, container: { ...AT_TERMINAL, holds: [hold('customs', 'hold', 'CBP EXAM')] } },
    ],
    ['a fee not yet posted', { shipment: INLAND, container: { ...AT_TERMINAL, fees: [fee('exam', 0)] } }],
    [
      'when the terminal was last checked',
      { shipment: INLAND, container: { ...AT_TERMINAL, terminalCheckedAt: '2024-07-05T15:30:00Z' } },
    ],
    ['the departure estimate', { shipment: { ...INLAND, polEtdAt: zoned('2024-06-19T06:00:00Z') } }],
  ];

  it.each(SHOWN)(
    'makes the snapshot differ when only %s changes, so the card is re-rendered',
    (_what, side) => {
      const before = reading({ shipment: INLAND });
      const after = reading(side);
      expect(JSON.stringify({ ...after, capturedAt: '' })).not.toBe(
        JSON.stringify({ ...before, capturedAt: '' }),
      );
    },
  );

  it('makes the snapshot differ when only the inland pickup facility changes', () => {
    const detail = (name: string) =>
      makeDetail({
        shipment: INLAND,
        containers: [makeContainer(AT_TERMINAL)],
        destinationTerminal: {
          id: 'rt-1',
          kind: 'rail_terminal',
          name,
          nickname: null,
          firmsCode: null,
          providedData: {},
        },
      });
    expect(snapshotOf(detail('BNSF Logistics Park Chicago')).pickupFacility).toBe(
      'BNSF Logistics Park Chicago',
    );
    expect(snapshotOf(detail('BNSF Logistics Park Chicago')).shown).not.toBe(
      snapshotOf(detail('UP Global IV')).shown,
    );
  });

  it('keeps the same snapshot when only the time of the read and the line’s polling timestamps change', () => {
    const before = reading({ shipment: INLAND });
    const after = reading({
      shipment: {
        ...INLAND,
        lineTracking: {
          lastAttemptedAt: '2024-07-05T17:00:00Z',
          lastSucceededAt: '2024-07-05T17:00:00Z',
          stoppedAt: null,
          stoppedReason: null,
        },
      },
      fetchedAt: '2024-07-05T17:00:00Z',
    });
    expect({ ...after, capturedAt: '' }).toEqual({ ...before, capturedAt: '' });
  });
});

describe('holds told apart by name and description', () => {
  /** How real terminals list holds: most named `other`, the meaning in the description. */
  const THREE = [
    hold('other', 'hold', 'ONDOCK'),
    hold('other', 'hold', 'CTF_CONTAINER_HOLD'),
    hold('customs', 'hold', 'CBP EXAM'),
  ];

  it('tells the release of one `other` hold among several, by its description', () => {
    const { changes } = diffSnapshots(
      reading({ container: { ...AT_TERMINAL, holds: THREE } }),
      reading({ container: { ...AT_TERMINAL, holds: THREE.filter((h) => h.description !== 'ONDOCK') } }),
    );
    expect(changes).toMatchObject([{ kind: 'hold_released', hold: 'other', description: 'ONDOCK' }]);
  });

  it('tells each of three holds added, two of them `other`, as three changes with their descriptions', () => {
    const { changes } = diffSnapshots(
      reading({ container: { ...AT_TERMINAL, holds: [] } }),
      reading({ container: { ...AT_TERMINAL, holds: THREE } }),
    );
    expect(
      changes
        .filter((change) => change.kind === 'hold_added')
        .map((change) => 'description' in change && change.description),
    ).toEqual(['CBP EXAM', 'CTF_CONTAINER_HOLD', 'ONDOCK']);
  });

  it('announces nothing when a snapshot stored before descriptions were kept is read again unchanged', () => {
    const legacy = reading({ container: { ...AT_TERMINAL, holds: THREE } });
    for (const box of legacy.containers) {
      delete box.heldBy;
      delete box.pendingBy;
    }
    const { changes } = diffSnapshots(legacy, reading({ container: { ...AT_TERMINAL, holds: THREE } }));
    expect(changes).toEqual([]);
  });
});

describe('when a change without a time of its own happened', () => {
  it('records when the reading saw it, in the port’s zone: availability, holds, LFD and fees', () => {
    const before = reading({ container: AT_TERMINAL });
    const after = reading({
      container: {
        ...AT_TERMINAL,
        holds: [],
        availableForPickup: true,
        currentStatus: 'available',
        deadlines: [lfd('2024-07-09T07:00:00Z')],
        fees: [fee('demurrage', 150)],
      },
      fetchedAt: '2024-07-05T17:00:00Z',
    });
    const { changes } = diffSnapshots(before, after);
    expect(changes.map((change) => change.kind).sort()).toEqual([
      'available',
      'fees_posted',
      'hold_released',
      'lfd_set',
    ]);
    for (const change of changes)
      expect('seenAt' in change && change.seenAt).toEqual({
        at: '2024-07-05T17:00:00Z',
        timeZone: 'America/Los_Angeles',
      });
  });
});
