/** The page's call to the demo-time control: null when the workspace has none (404) or the call failed. */
import type { DemoTimeView } from '../../demo-time.js';
import { isObject } from '../../shared/json-reader.js';

export type DemoTimeMove = Record<string, never> | { advanceMs: number } | { play: true } | { pause: true };

export async function postDemoTime(move: DemoTimeMove): Promise<DemoTimeView | null> {
  try {
    const response = await fetch('/ui/demo-time', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(move),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    if (!isObject(body) || typeof body.now !== 'string' || typeof body.rate !== 'number') return null;
    return { ok: true, now: body.now, rate: body.rate, playing: body.playing === true };
  } catch {
    return null;
  }
}
