/**
 * The demo world as a function of time. Every demo shipment has a table of timed facts (demo/voyage-*.ts), computed
 * from the anchor instant (the simulator's clock at creation); the state at T is the anchor state with every step
 * at or before T applied, in order (by instant, then shipment, then row). Steps are applied once, lazily: whoever
 * asks with a later `now` applies what became due and gets the change events those steps produced. A shipment that
 * starts being tracked later (a tracking request that succeeded) has its table scheduled then.
 */
import { isoSeconds } from '../demo/demo-time.js';
import { stableUuid } from '../demo/ids.js';
import type { ResourceStore } from '../store.js';
import { applyFact, type ExplicitEvent, type StepScope } from './apply-fact.js';
import { type ChangeEvent, changeEventsOf, containersOf, snapshotOf } from './change-events.js';
import type { Fact, ShipmentTimeline } from './facts.js';

export interface TimelineStep {
  /** ISO seconds, UTC. */
  at: string;
  atMs: number;
  shipmentId: string;
  /** The row's place in its shipment's table: with the shipment, what makes its events' ids stable. */
  row: number;
  facts: readonly Fact[];
}

export interface Timeline {
  readonly anchor: Date;
  /** Every step, in the order they apply. */
  readonly steps: readonly TimelineStep[];
  /** How many of `steps` have been applied. */
  readonly applied: number;
  /** When the next step not applied yet is due (null when there is none). */
  nextStepAt(): string | null;
  /** Applies the steps due at `now` that were not applied yet; returns the change events they produced. */
  advanceTo(now: Date): ChangeEvent[];
  /** Adds a shipment's table; rows already due apply at the next advance. */
  schedule(timeline: ShipmentTimeline): void;
}

function stepsOf({ shipmentId, rows }: ShipmentTimeline): TimelineStep[] {
  return rows.map(([at, ...facts], row) => ({
    at: isoSeconds(new Date(at)),
    atMs: Date.parse(at),
    shipmentId,
    row,
    facts,
  }));
}

export function orderSteps(timelines: readonly ShipmentTimeline[]): TimelineStep[] {
  // Array.prototype.sort is stable: equal instants keep shipment order, then row order.
  return timelines.flatMap(stepsOf).sort((a, b) => a.atMs - b.atMs);
}

/** Where `atMs` goes among the steps from `from` on: after every step due at or before it. */
function insertionPoint(steps: readonly TimelineStep[], from: number, atMs: number): number {
  let low = from;
  let high = steps.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((steps[middle]?.atMs ?? 0) <= atMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createTimeline(
  store: ResourceStore,
  anchor: Date,
  timelines: readonly ShipmentTimeline[],
): Timeline {
  const steps = orderSteps(timelines);
  const anchorIso = anchor.toISOString();
  let applied = 0;

  function applyStep(step: TimelineStep): ChangeEvent[] {
    const shipment = store.get('shipment', step.shipmentId);
    // A shipment whose tracking was stopped gets no more updates (until tracking resumes).
    if (!shipment || shipment.attributes.line_tracking_stopped_at != null) return [];
    const scope: StepScope = { store, shipment, containers: containersOf(store, shipment), at: step.at };
    const before = snapshotOf(scope);
    const explicit: ExplicitEvent[] = step.facts.flatMap((fact) => applyFact(scope, fact));
    patchTracking(scope);
    return changeEventsOf(scope, before, explicit, (event, subjectId) =>
      stableUuid(`event|${anchorIso}|${step.shipmentId}|${step.row}|${event}|${subjectId}`),
    );
  }

  return {
    anchor,
    steps,
    get applied() {
      return applied;
    },
    nextStepAt: () => steps[applied]?.at ?? null,
    schedule(timeline) {
      for (const step of stepsOf(timeline)) steps.splice(insertionPoint(steps, applied, step.atMs), 0, step);
    },
    advanceTo(now) {
      const events: ChangeEvent[] = [];
      const nowMs = now.getTime();
      for (let step = steps[applied]; step && step.atMs <= nowMs; step = steps[applied]) {
        // Counted before it runs: a step that throws (a bug) is skipped, never half-applied twice.
        applied += 1;
        try {
          events.push(...applyStep(step));
        } catch {
          // The events of the steps before it are still returned.
        }
      }
      return events;
    },
  };
}

/** The line was just asked about this shipment: its tracking timestamps move with every step. */
function patchTracking(scope: StepScope): void {
  const at = scope.at;
  scope.shipment.attributes = {
    ...scope.shipment.attributes,
    line_tracking_last_attempted_at: at,
    line_tracking_last_succeeded_at:
      scope.shipment.attributes.line_tracking_stopped_at == null
        ? at
        : scope.shipment.attributes.line_tracking_last_succeeded_at,
  };
  for (const container of scope.containers) {
    container.attributes = {
      ...container.attributes,
      pod_last_tracking_request_at: at,
      shipment_last_tracking_request_at: at,
    };
  }
}
