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
