/**
 * The counts of a long shipment in words, for the summary line ("60 containers: 12 ready, 5 on hold, 3 past LFD…")
 * and for the notification text ("1 of 2 containers ready").
 */
import type { ContainerCounts } from '../domain/container-counts.js';
import { plural } from '../domain/words.js';

/**
 * The partition of the containers, which adds up to the total: "60 containers", ["12 ready", "5 on hold", "38 not
 * at the terminal yet"]. LFD urgency is another question (a held box can be overdue too), so it has its own line.
 */
export function partitionWords(counts: ContainerCounts): { head: string; parts: string[] } {
  const parts: Array<[number, string]> = [
    [counts.ready, 'ready'],
    [counts.onHold, 'on hold'],
    [counts.pendingHold, 'with a pending hold'],
    [counts.outOfSync, 'not released yet'],
    [counts.unknown, 'with unknown availability'],
    [counts.notArrived, 'not at the terminal yet'],
    [counts.inland, 'moving inland'],
    [counts.leftTerminal, 'picked up or returned'],
    [counts.notLoaded, 'not loaded'],
    [counts.unreadable, 'unreadable'],
  ];
  return {
    head: plural(counts.total, 'container'),
    parts: parts.filter(([count]) => count > 0).map(([count, words]) => `${count} ${words}`),
  };
}

/** "3 past, 2 today, 6 within 3 days": the LFD urgency of the boxes still to be picked up; null when none. */
export function lfdCountWords(counts: ContainerCounts): string | null {
  const parts: Array<[number, string]> = [
    [counts.pastLfd, 'past'],
    [counts.lfdToday, 'today'],
    [counts.lfdSoon, 'within 3 days'],
  ];
  const listed = parts.filter(([count]) => count > 0).map(([count, words]) => `${count} ${words}`);
  return listed.length > 0 ? listed.join(', ') : null;
}

/** One plain line: "60 containers: 12 ready, 5 on hold · Last free day: 3 past, 2 today". */
export function summaryLine(counts: ContainerCounts): string {
  const { head, parts } = partitionWords(counts);
  const lfd = lfdCountWords(counts);
  return `${parts.length > 0 ? `${head}: ${parts.join(', ')}` : head}${lfd !== null ? ` · Last free day: ${lfd}` : ''}`;
}

/**
 * "1 of 2 containers ready, 1 on hold, 1 past LFD" for notification texts. Boxes already picked up or returned are
 * not counted as not ready: "0 of 1 container ready" for a box gone from the terminal would be false.
 */
export function readinessPhrase(counts: ContainerCounts): string {
  if (counts.total === 0) return 'no containers yet';
  if (counts.notLoaded + counts.unreadable === counts.total) return gapWords(counts);
  if (counts.leftTerminal === counts.total)
    return counts.total === 1
      ? 'picked up or returned'
      : `all ${counts.total} containers picked up or returned`;
  const parts = [`${counts.ready} of ${plural(counts.total, 'container')} ready`];
  if (counts.leftTerminal > 0) parts.push(`${counts.leftTerminal} picked up or returned`);
  if (counts.onHold > 0) parts.push(`${counts.onHold} on hold`);
  if (counts.pastLfd > 0) parts.push(`${counts.pastLfd} past LFD`);
  if (counts.lfdToday > 0) parts.push(`${counts.lfdToday} with LFD today`);
  return parts.join(', ');
}

/** The containers known only by id: "3 containers, details not loaded", "1 container could not be read". */
export function gapWords(counts: ContainerCounts): string {
  const parts: string[] = [];
  if (counts.notLoaded > 0) parts.push(`${plural(counts.notLoaded, 'container')}, details not loaded`);
  if (counts.unreadable > 0) parts.push(`${plural(counts.unreadable, 'container')} could not be read`);
  return parts.join('; ');
}
