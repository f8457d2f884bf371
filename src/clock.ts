/** A source of "now", injected everywhere time matters so renderers and policies stay pure and testable. */
export interface Clock {
  now(): Date;
}

/** The real wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock frozen at `iso` (tests, `shipwatch render --now`). */
export function fixedClock(iso: string | Date): Clock {
  const at = new Date(iso);
  return { now: () => new Date(at.getTime()) };
}

/** The fastest pace `play()` accepts: a week of demo time per second. */
export const MAX_CLOCK_RATE = 7 * 24 * 3600;

/**
 * Demo time: a clock that follows a base clock but can be moved forward or made to run faster, so the simulator's
 * voyages and the bot's relative phrases ("LFD tomorrow") move together in the local demo. It never goes back.
 */
export interface AdjustableClock extends Clock {
  /** Jumps forward by `ms` (a whole number ≥ 0). */
  advance(ms: number): void;
  /** From now on, `rate` demo milliseconds pass per base millisecond (1 ≤ rate ≤ MAX_CLOCK_RATE). */
  play(rate: number): void;
  /** Stops fast-forwarding: time keeps the base clock's pace again; what was gained stays. */
  pause(): void;
  /** The current pace (1 = the base clock's). */
  readonly rate: number;
  /** Called after each advance/play/pause (not as time merely passes). Returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** An adjustable clock starting at `startsAt` (default `base.now()`), at the base clock's pace. */
export function createAdjustableClock(base: Clock = systemClock, startsAt?: Date): AdjustableClock {
  // Demo time = fromDemo + (base - fromBase) × rate; re-anchored at every change so a change never jumps time.
  let fromBase = base.now().getTime();
  let fromDemo = startsAt?.getTime() ?? fromBase;
  let rate = 1;
  let latest = fromDemo;
  const listeners = new Set<() => void>();

  const nowMs = (): number => {
    // A base clock stepping back (NTP) must not take demo time back with it.
    latest = Math.max(latest, fromDemo + (base.now().getTime() - fromBase) * rate);
    return latest;
  };
  const reanchor = () => {
    fromDemo = nowMs();
    fromBase = base.now().getTime();
  };
  const changed = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    now: () => new Date(nowMs()),
    advance(ms) {
      if (!Number.isInteger(ms) || ms < 0) throw new RangeError('advance() takes a whole number of ms ≥ 0');
      reanchor();
      fromDemo += ms;
      latest = fromDemo;
      changed();
    },
    play(next) {
      if (!Number.isFinite(next) || next < 1 || next > MAX_CLOCK_RATE) {
        throw new RangeError(`play() takes a rate from 1 to ${MAX_CLOCK_RATE}`);
      }
      reanchor();
      rate = next;
      changed();
    },
    pause() {
      reanchor();
      rate = 1;
      changed();
    },
    get rate() {
      return rate;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether `clock` can be moved (an AdjustableClock) rather than only read. */
export function isAdjustableClock(clock: Clock): clock is AdjustableClock {
  const candidate: Partial<AdjustableClock> = clock;
  return typeof candidate.advance === 'function' && typeof candidate.play === 'function';
}
