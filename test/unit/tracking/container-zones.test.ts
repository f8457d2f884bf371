/** Which zone each container timestamp and last free day carries (docs/domain-rules.md#time-zones). */
import { describe, expect, it } from 'vitest';
import { parseContainerDocument } from '../../../src/tracking/index.js';

const POD = 'America/Los_Angeles';
const INLAND = 'America/Chicago';

function container(attributes: Record<string, unknown>) {
  return parseContainerDocument({
    data: {
      id: 'c1',
      type: 'container',
      attributes: {
        number: 'TCLU1234568',
        pod_timezone: POD,
        final_destination_timezone: INLAND,
        ...attributes,
      },
    },
  }).container;
}

describe('container timestamps', () => {
  it('puts POD events and the pickup appointment in the POD zone', () => {
    const c = container({
      pod_arrived_at: '2026-03-01T01:00:00Z',
      pod_discharged_at: '2026-03-01T02:00:00Z',
      pod_full_out_at: '2026-03-01T03:00:00Z',
      pickup_appointment_at: '2026-03-02T16:30:00Z',
      pod_rail_loaded_at: '2026-03-03T00:00:00Z',
    });
    for (const at of [
      c.podArrivedAt,
      c.podDischargedAt,
      c.podFullOutAt,
      c.pickupAppointmentAt,
      c.podRailLoadedAt,
    ]) {
      expect(at?.timeZone).toBe(POD);
    }
  });

  it('puts inland rail events in the final destination zone and empty return in its own zone', () => {
    const c = container({
      ind_eta_at: '2026-03-09T12:00:00Z',
      ind_ata_at: '2026-03-09T13:00:00Z',
      ind_rail_unloaded_at: '2026-03-09T14:00:00Z',
      final_destination_full_out_at: '2026-03-10T15:00:00Z',
      empty_terminated_at: '2026-03-12T15:00:00Z',
      empty_terminated_timezone: 'America/Denver',
    });
    for (const at of [c.indEtaAt, c.indAtaAt, c.indRailUnloadedAt, c.finalDestinationFullOutAt]) {
      expect(at?.timeZone).toBe(INLAND);
    }
    expect(c.emptyTerminatedAt).toEqual({ at: '2026-03-12T15:00:00Z', timeZone: 'America/Denver' });
  });

  it('marks the zone unknown when the API could not place the event', () => {
    const c = container({ pod_timezone: null, pod_discharged_at: '2026-03-01T04:00:00' });
    expect(c.podDischargedAt).toEqual({ at: '2026-03-01T04:00:00', timeZone: null });
  });

  it('keeps absent timestamps null', () => {
    expect(container({ pod_arrived_at: null }).podArrivedAt).toBeNull();
    expect(container({ pod_arrived_at: '' }).podArrivedAt).toBeNull();
  });
});

describe('last free days', () => {
  it('gives each deadline the zone of its source: terminal at the POD, rail inland', () => {
    const c = container({
      pickup_lfd: '2026-03-05T08:00:00Z',
      import_deadlines: {
        pickup_lfd_terminal: '2026-03-05T08:00:00Z',
        pickup_lfd_rail: '2026-03-07T06:00:00Z',
        pickup_lfd_line: null,
      },
    });
    expect(c.deadlines).toEqual([
      { at: '2026-03-05T08:00:00Z', source: 'terminal', timeZone: POD },
      { at: '2026-03-07T06:00:00Z', source: 'rail', timeZone: INLAND },
    ]);
  });

  it('traces the coalesced pickup_lfd back to its source, so a rail LFD is shown in the inland zone', () => {
    const c = container({
      pickup_lfd: '2026-03-07T06:00:00Z',
      import_deadlines: {
        pickup_lfd_terminal: null,
        pickup_lfd_rail: '2026-03-07T06:00:00Z',
        pickup_lfd_line: null,
      },
    });
    expect(c.pickupLfd).toEqual({ at: '2026-03-07T06:00:00Z', source: 'rail', timeZone: INLAND });
  });

  it('puts the line LFD at the POD when the container does not move inland', () => {
    const c = container({
      final_destination_timezone: null,
      pickup_lfd: '2026-03-06T08:00:00Z',
      import_deadlines: {
        pickup_lfd_line: '2026-03-06T08:00:00Z',
        pickup_lfd_terminal: '2026-03-05T08:00:00Z',
      },
    });
    expect(c.pickupLfd).toEqual({ at: '2026-03-06T08:00:00Z', source: 'line', timeZone: POD });
  });

  it('puts the line LFD inland when the container moves on by rail', () => {
    const c = container({
      ind_rail_carrier_scac: 'UPRR',
      import_deadlines: { pickup_lfd_line: '2026-03-08T06:00:00Z' },
    });
    expect(c.deadlines).toEqual([{ at: '2026-03-08T06:00:00Z', source: 'line', timeZone: INLAND }]);
  });

  it('reads the deprecated ind_facility_lfd_on as the rail LFD when import_deadlines lacks it', () => {
    const c = container({ ind_facility_lfd_on: '2026-03-07T06:00:00Z', import_deadlines: null });
    expect(c.deadlines).toEqual([{ at: '2026-03-07T06:00:00Z', source: 'rail', timeZone: INLAND }]);
  });

  it('keeps a pickup_lfd that matches no deadline as coalesced, in the POD zone', () => {
    const c = container({ pickup_lfd: '2026-03-06T08:00:00Z', import_deadlines: null });
    expect(c.pickupLfd).toEqual({ at: '2026-03-06T08:00:00Z', source: 'coalesced', timeZone: POD });
    expect(c.deadlines).toEqual([]);
  });

  it('has no LFD at all when the API reports none', () => {
    const c = container({ pickup_lfd: null, import_deadlines: { pickup_lfd_line: null } });
    expect(c.pickupLfd).toBeNull();
    expect(c.deadlines).toEqual([]);
  });
});
