/**
 * `GET/POST /_demo/time`: demo time over HTTP, outside the simulated API (not under /v2, not rate-limited, not
 * recorded, no scripted faults). Only the `demo` key may use it, and only when the simulator was created with
 * `demoTimeControl` (otherwise the route does not exist: the same HTML 404 as any unknown route). A POST takes one
 * of `{"advanceMs": N}`, `{"play": RATE}` (demo ms per real ms) or `{"pause": true}`, applies the steps that became
 * due, and answers the clock's state with how many changes that produced.
 */
import { type AdjustableClock, MAX_CLOCK_RATE } from '../clock.js';
import { authenticate } from './auth.js';
import { DEMO } from './demo/catalog.js';
import { badRequest, errorResponse, READ_ONLY_KEY, UNAUTHORIZED } from './errors.js';
import { jsonResponse } from './responses.js';

export const DEMO_TIME_PATH = '/_demo/time';

/** At most 30 days in one move: enough to play a whole demo voyage, small enough to catch a unit mistake. */
const MAX_ADVANCE_MS = 30 * 24 * 3_600_000;

export interface DemoTimeHost {
  clock: AdjustableClock;
  anchor: Date;
  /** Applies what became due; returns how many change events that produced. */
  tick(): number;
  /** The instant of the next step not yet applied (null when the voyages are over). */
  nextStepAt(): string | null;
}

export interface DemoTimeState {
  now: string;
  anchor: string;
  rate: number;
  next_change_at: string | null;
  changes: number;
}

function stateOf(host: DemoTimeHost, changes: number): DemoTimeState {
  return {
    now: host.clock.now().toISOString(),
    anchor: host.anchor.toISOString(),
    rate: host.clock.rate,
    next_change_at: host.nextStepAt(),
    changes,
  };
}

type Move = { ok: true; apply(clock: AdjustableClock): void } | { ok: false; detail: string };

function moveOf(body: unknown): Move {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, detail: 'Send one of {"advanceMs": N}, {"play": RATE} or {"pause": true}.' };
  }
  const fields = Object.keys(body);
  if (fields.length !== 1) return { ok: false, detail: 'Send exactly one of advanceMs, play or pause.' };
  if ('advanceMs' in body) {
    const ms = body.advanceMs;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 1 || ms > MAX_ADVANCE_MS) {
      return { ok: false, detail: `advanceMs must be a whole number from 1 to ${MAX_ADVANCE_MS}.` };
    }
    return { ok: true, apply: (clock) => clock.advance(ms) };
  }
  if ('play' in body) {
    const rate = body.play;
    if (typeof rate !== 'number' || !(rate >= 1 && rate <= MAX_CLOCK_RATE)) {
      return { ok: false, detail: `play must be a rate from 1 to ${MAX_CLOCK_RATE}.` };
    }
    return { ok: true, apply: (clock) => clock.play(rate) };
  }
  if ('pause' in body && body.pause === true) return { ok: true, apply: (clock) => clock.pause() };
  return { ok: false, detail: 'Send one of {"advanceMs": N}, {"play": RATE} or {"pause": true}.' };
}

export async function serveDemoTime(request: Request, host: DemoTimeHost): Promise<Response> {
  const key = authenticate(request.headers.get('authorization'));
  if (!key) return errorResponse(401, [UNAUTHORIZED]);
  if (key.key !== DEMO.apiKeys.full) return errorResponse(403, [READ_ONLY_KEY]);
  if (request.method === 'GET') return jsonResponse(200, stateOf(host, host.tick()));
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return badRequest('There was an error parsing the request body as JSON.');
  }
  const move = moveOf(body);
  if (!move.ok) return badRequest(move.detail);
  move.apply(host.clock);
  return jsonResponse(200, stateOf(host, host.tick()));
}
