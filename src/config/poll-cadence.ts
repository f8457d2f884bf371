/**
 * `SHIPWATCH_POLL_CADENCE`: how often a watched shipment is re-read in each phase of its journey (README "Watching
 * shipments"), as `far=6h,near=15m,detention=12h,done=off`. A phase left out keeps its default; a duration is a
 * number with s, m, h or d, at least a minute; `off` stops polling in that phase.
 */
export type PollPhase = 'far' | 'near' | 'detention' | 'done';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_POLL_CADENCE: Readonly<Record<PollPhase, number | null>> = Object.freeze({
  far: 6 * HOUR,
  near: 15 * MINUTE,
  detention: 12 * HOUR,
  done: null,
});

/** The cadence `text` describes; throws an Error naming the part it cannot read. */
export function parsePollCadence(text: string): Record<PollPhase, number | null> {
  const cadence: Record<PollPhase, number | null> = { ...DEFAULT_POLL_CADENCE };
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^(far|near|detention|done)\s*=\s*(off|\d+(?:\.\d+)?\s*[smhd])$/i.exec(part);
    if (!match) throw new Error(`cannot read "${part}" (expected phase=DURATION, e.g. near=15m)`);
    // SAFETY: the pattern admits only the four phase names.
    const phase = (match[1] ?? '').toLowerCase() as PollPhase;
    const value = (match[2] ?? '').toLowerCase();
    cadence[phase] = value === 'off' ? null : durationMs(value);
  }
  return cadence;
}

function durationMs(value: string): number {
  const amount = Number.parseFloat(value);
  const unit = value.trim().slice(-1);
  const scale = unit === 's' ? 1_000 : unit === 'm' ? MINUTE : unit === 'h' ? HOUR : 24 * HOUR;
  const ms = Math.round(amount * scale);
  if (ms < MINUTE) throw new Error(`"${value}" is shorter than a minute`);
  return ms;
}
