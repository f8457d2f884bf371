/**
 * `POST /ui/demo-time`: the page's demo-time control. `{}` reads the clock; `{"advanceMs": N}` (up to a week),
 * `{"play": true}` (an hour per second) and `{"pause": true}` move it, then the simulator's due steps are applied
 * at once. Not found when the workspace was started without demo time; same-origin JSON only (same-origin.ts).
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { DEMO_PLAY_RATE, type DemoTimeControl, type DemoTimeView } from '../demo-time.js';
import { readBody } from './read-body.js';
import { checkUiRequest } from './same-origin.js';

const WEEK_MS = 7 * 24 * 3_600_000;

const move = z.union([
  z.object({ advanceMs: z.number().int().min(1).max(WEEK_MS) }).strict(),
  z.object({ play: z.literal(true) }).strict(),
  z.object({ pause: z.literal(true) }).strict(),
  z.object({}).strict(),
]);

export interface RouteAnswer {
  status: number;
  body: unknown;
}

export function demoTimeView(control: DemoTimeControl): DemoTimeView {
  const rate = control.clock.rate;
  return { ok: true, now: control.clock.now().toISOString(), rate, playing: rate > 1 };
}

export async function handleDemoTime(
  control: DemoTimeControl | undefined,
  request: IncomingMessage,
): Promise<RouteAnswer> {
  if (!control) return { status: 404, body: { ok: false, error: 'not_found' } };
  const check = checkUiRequest(request.headers);
  if (!check.ok) return { status: check.status, body: { ok: false, error: check.error } };
  let parsed: z.infer<typeof move>;
  try {
    const result = move.safeParse(JSON.parse(await readBody(request, 4_096)));
    if (!result.success) return { status: 400, body: { ok: false, error: 'invalid_request' } };
    parsed = result.data;
  } catch {
    return { status: 400, body: { ok: false, error: 'invalid_request' } };
  }
  if ('advanceMs' in parsed) control.clock.advance(parsed.advanceMs);
  else if ('play' in parsed) control.clock.play(DEMO_PLAY_RATE);
  else if ('pause' in parsed) control.clock.pause();
  control.tick();
  return { status: 200, body: demoTimeView(control) };
}
