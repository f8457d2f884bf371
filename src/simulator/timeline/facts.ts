/**
 * The vocabulary of the demo voyages: one fact is one thing the shipping line or the terminal reports (the ETA
 * moved, box X was discharged, the customs hold on box Y was released, the terminal set an LFD…). A shipment's
 * timeline is a table of `[when, ...facts]` rows; apply-fact.ts turns a fact into attribute changes, and
 * change-events.ts turns those changes into the webhook events the real API would send. Containers are named by
 * number, which keeps the tables readable.
 */
import type { Fee, Hold } from '../demo/container-builder.js';
import type { VesselKey } from '../demo/vessels.js';

/** The three sources of a last free day, as `import_deadlines` names them. */
export type LfdSource = 'line' | 'terminal' | 'rail';

export type Fact =
  /** The line re-estimates the arrival at the port of discharge. */
  | { kind: 'eta'; eta: string }
  /** The estimated arrival at the inland destination moves (shipment level). */
  | { kind: 'destination_eta'; eta: string }
  /** Rolled to another sailing: vessel, voyage, departure and arrival estimates all change. */
  | { kind: 'rolled'; vessel: VesselKey; voyage: string; etd: string; eta: string }
  /** The full box entered the terminal at the port of lading. */
  | { kind: 'gated_in'; container: string }
  /** Every box of the shipment was loaded on the vessel. */
  | { kind: 'loaded' }
  | { kind: 'departed' }
  | { kind: 'arrived' }
  | { kind: 'berthed' }
  | { kind: 'discharged'; container: string }
  | { kind: 'availability'; container: string; available: boolean }
  | { kind: 'hold_added'; container: string; hold: Hold }
  | { kind: 'hold_released'; container: string; name: Hold['name'] }
  | { kind: 'lfd'; container: string; source: LfdSource; date: string | null }
  | { kind: 'fees'; container: string; fees: Fee[] }
  | { kind: 'appointment'; container: string; at: string | null }
  | { kind: 'full_out'; container: string }
  | { kind: 'rail_loaded' | 'rail_departed' | 'rail_arrived' | 'rail_unloaded'; container: string }
  | { kind: 'inland_eta'; container: string; eta: string }
  | { kind: 'arrived_inland'; container: string }
  | { kind: 'inland_full_out'; container: string }
  | { kind: 'empty_returned'; container: string }
  | { kind: 'tracking_stopped'; reason: string };

/** One row of a timeline: an instant (ISO, UTC) and what happened then. */
export type TimelineRow = readonly [at: string, ...facts: Fact[]];

export interface ShipmentTimeline {
  shipmentId: string;
  rows: readonly TimelineRow[];
}

export const eta = (iso: string): Fact => ({ kind: 'eta', eta: iso });
export const destinationEta = (iso: string): Fact => ({ kind: 'destination_eta', eta: iso });
export const rolled = (to: { vessel: VesselKey; voyage: string; etd: string; eta: string }): Fact => ({
  kind: 'rolled',
  ...to,
});
export const gatedIn = (container: string): Fact => ({ kind: 'gated_in', container });
export const loaded = (): Fact => ({ kind: 'loaded' });
export const departed = (): Fact => ({ kind: 'departed' });
export const arrived = (): Fact => ({ kind: 'arrived' });
export const berthed = (): Fact => ({ kind: 'berthed' });
export const discharged = (container: string): Fact => ({ kind: 'discharged', container });
export const available = (container: string): Fact => ({ kind: 'availability', container, available: true });
export const notAvailable = (container: string): Fact => ({
  kind: 'availability',
  container,
  available: false,
});
export const addHold = (container: string, hold: Hold): Fact => ({ kind: 'hold_added', container, hold });
export const releaseHold = (container: string, name: Hold['name']): Fact => ({
  kind: 'hold_released',
  container,
  name,
});
export const lfd = (container: string, source: LfdSource, date: string | null): Fact => ({
  kind: 'lfd',
  container,
  source,
  date,
});
export const fees = (container: string, rows: Fee[]): Fact => ({ kind: 'fees', container, fees: rows });
export const appointment = (container: string, at: string | null): Fact => ({
  kind: 'appointment',
  container,
  at,
});
export const fullOut = (container: string): Fact => ({ kind: 'full_out', container });
export const railLoaded = (container: string): Fact => ({ kind: 'rail_loaded', container });
export const railDeparted = (container: string): Fact => ({ kind: 'rail_departed', container });
export const railArrived = (container: string): Fact => ({ kind: 'rail_arrived', container });
export const railUnloaded = (container: string): Fact => ({ kind: 'rail_unloaded', container });
export const inlandEta = (container: string, iso: string): Fact => ({
  kind: 'inland_eta',
  container,
  eta: iso,
});
export const arrivedInland = (container: string): Fact => ({ kind: 'arrived_inland', container });
export const inlandFullOut = (container: string): Fact => ({ kind: 'inland_full_out', container });
export const emptyReturned = (container: string): Fact => ({ kind: 'empty_returned', container });
export const trackingStopped = (reason: string): Fact => ({ kind: 'tracking_stopped', reason });
