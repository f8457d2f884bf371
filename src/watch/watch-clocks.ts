/**
 * Watching runs on two clocks. `clock` is what the cards say "now" is: the wall clock in production, demo time in
 * the local workspace, where it can jump a day or run an hour a second. `wall` is the clock of everything that must
 * keep real time: job leases, the quota, Slack's pacing. A time-boundary job (midnight in an LFD's zone, a reminder
 * at 08:00) is an instant of card time; it is queued at the wall time when card time will reach it at the current
 * pace, and re-planned whenever demo time is moved (the service's `wake`).
 */
import { type Clock, isAdjustableClock } from '../clock.js';

export interface WatchClocks {
  clock: Clock;
  wall: Clock;
}

/** The wall time at which card time reaches `instant`, at the current pace (now when it already has). */
export function wallTimeOf(clocks: WatchClocks, instant: number): number {
  const wallNow = clocks.wall.now().getTime();
  const ahead = instant - clocks.clock.now().getTime();
  if (ahead <= 0) return wallNow;
  const rate = isAdjustableClock(clocks.clock) ? Math.max(1, clocks.clock.rate) : 1;
  return wallNow + Math.ceil(ahead / rate);
}

/**
 * The wall time of a recent instant of card time (when a reading was stamped): card time minus how far card time is
 * from the wall clock now. The same instant in production, where both clocks are one.
 */
export function wallInstantOf(clocks: WatchClocks, cardInstant: number): number {
  return cardInstant - (clocks.clock.now().getTime() - clocks.wall.now().getTime());
}
