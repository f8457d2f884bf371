/**
 * Counting a shipment's containers by what matters to a dispatcher: by availability, and by LFD urgency. `total`
 * includes the containers the API listed without their details (`notLoaded`) or sent unreadable (`unreadable`).
 */
import type { ContainerAssessment } from './container-assessment.js';

export interface ContainerCounts {
  total: number;
  ready: number;
  onHold: number;
  pastLfd: number;
  lfdToday: number;
  lfdSoon: number;
  pendingHold: number;
  outOfSync: number;
  unknown: number;
  notArrived: number;
  inland: number;
  leftTerminal: number;
  /** Listed by the shipment, details not loaded. */
  notLoaded: number;
  /** Sent by the API but unreadable. */
  unreadable: number;
}

/**
 * Counts `assessments` by availability and LFD urgency, plus the containers known only by id: `notLoaded` (not
 * sideloaded, not fetched) and `unreadable` (sent, but unreadable).
 */
export function countContainers(
  assessments: readonly ContainerAssessment[],
  notLoaded = 0,
  unreadable = 0,
): ContainerCounts {
  const counts: ContainerCounts = {
    total: assessments.length + notLoaded + unreadable,
    ready: 0,
    onHold: 0,
    pastLfd: 0,
    lfdToday: 0,
    lfdSoon: 0,
    pendingHold: 0,
    outOfSync: 0,
    unknown: 0,
    notArrived: 0,
    inland: 0,
    leftTerminal: 0,
    notLoaded,
    unreadable,
  };
  for (const { availability, lfd } of assessments) {
    if (availability.kind === 'ready') counts.ready += 1;
    else if (availability.kind === 'blocked') counts.onHold += 1;
    else if (availability.kind === 'pending_hold') counts.pendingHold += 1;
    else if (availability.kind === 'out_of_sync') counts.outOfSync += 1;
    else if (availability.kind === 'unknown') counts.unknown += 1;
    else if (availability.kind === 'not_arrived') counts.notArrived += 1;
    else if (availability.kind === 'inland') counts.inland += 1;
    else counts.leftTerminal += 1;
    if (lfd?.urgency === 'overdue') counts.pastLfd += 1;
    else if (lfd?.urgency === 'today') counts.lfdToday += 1;
    else if (lfd?.urgency === 'soon') counts.lfdSoon += 1;
  }
  return counts;
}
