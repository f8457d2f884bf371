/**
 * The local workspace's handle on demo time (`startLocalWorkspace({ demoTime })`): the adjustable clock the
 * simulator and the bot share, and the simulator's tick, so a click on "+1 day" applies that day's voyage changes
 * (and sends their webhooks) at once instead of on the simulator's next timer turn.
 */
import type { AdjustableClock } from '../clock.js';

export interface DemoTimeControl {
  clock: AdjustableClock;
  /** Applies the steps that became due (the simulator's `tick`). */
  tick(): void;
}

/** "▶ play" runs demo time at this pace: an hour per second, so a minute shows two and a half days. */
export const DEMO_PLAY_RATE = 3_600;

/** What `POST /ui/demo-time` answers. */
export interface DemoTimeView {
  ok: true;
  /** Demo time now, ISO. */
  now: string;
  /** Demo milliseconds per real millisecond (1 when not playing). */
  rate: number;
  playing: boolean;
}
