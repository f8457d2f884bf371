/**
 * Counting containers by what matters to a dispatcher, for the summary line of a long shipment ("60 containers:
 * 12 ready, 5 on hold, 3 past LFD…") and for the notification text ("1 of 2 containers ready").
 */
import type { ContainerAssessment } from './container-assessment.js';
import { plural } from './format/relative.js';

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
}

/** Counts `assessments` by availability and LFD urgency. */
export function countContainers(assessments: ContainerAssessment[]): ContainerCounts {
  const counts: ContainerCounts = {
    total: assessments.length,
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

/** "60 containers: 12 ready, 5 on hold, 3 past LFD, 2 with LFD today, 38 not at the terminal yet". */
export function summaryLine(counts: ContainerCounts): string {
  const parts: Array<[number, string]> = [
    [counts.ready, 'ready'],
    [counts.onHold, 'on hold'],
    [counts.pastLfd, 'past LFD'],
    [counts.lfdToday, 'with LFD today'],
    [counts.lfdSoon, 'with LFD within 3 days'],
    [counts.pendingHold, 'with a pending hold'],
    [counts.outOfSync, 'not released yet'],
    [counts.unknown, 'with unknown availability'],
    [counts.notArrived, 'not at the terminal yet'],
    [counts.inland, 'moving inland'],
    [counts.leftTerminal, 'picked up or returned'],
  ];
  const listed = parts.filter(([count]) => count > 0).map(([count, words]) => `${count} ${words}`);
  const head = plural(counts.total, 'container');
  return listed.length > 0 ? `${head}: ${listed.join(', ')}` : head;
}

/** "1 of 2 containers ready, 1 on hold, 1 past LFD" for notification texts. */
export function readinessPhrase(counts: ContainerCounts): string {
  if (counts.total === 0) return 'no containers yet';
  const parts = [`${counts.ready} of ${plural(counts.total, 'container')} ready`];
  if (counts.onHold > 0) parts.push(`${counts.onHold} on hold`);
  if (counts.pastLfd > 0) parts.push(`${counts.pastLfd} past LFD`);
  if (counts.lfdToday > 0) parts.push(`${counts.lfdToday} with LFD today`);
  return parts.join(', ');
}
