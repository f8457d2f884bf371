/**
 * "Demo time: Tue, Mar 10, 16:30 PDT [+1 hour] [+1 day] [▶ play]": shown only when the workspace has demo time.
 * While playing, the shown time runs at the server's pace between answers, and is re-read from the server every few
 * seconds so it never drifts far. The page's relative date tokens then read demo time too (page-clock.ts), and the
 * channel is re-rendered after every move so "in 2 days" becomes "tomorrow" as it would.
 */
import type { DemoTimeView } from '../../demo-time.js';
import { postDemoTime } from '../client/demo-time-api.js';
import { pageClockMoved, usePageClock } from '../client/page-clock.js';

const HOUR_MS = 3_600_000;
const RESYNC_EVERY_MS = 5_000;

export function mountDemoTime(root: HTMLElement, zone: () => string | undefined, moved: () => void): void {
  const shown = root.querySelector<HTMLTimeElement>('[data-testid="demo-time-now"]');
  const play = root.querySelector<HTMLButtonElement>('[data-testid="demo-time-play"]');
  if (!shown || !play) return;
  let view: DemoTimeView | null = null;
  let receivedAt = 0;
  let lastSync = 0;

  const format = (at: Date) => {
    const options: Intl.DateTimeFormatOptions = {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZoneName: 'short',
    };
    try {
      return at.toLocaleString('en-US', { ...options, timeZone: zone() });
    } catch {
      return at.toLocaleString('en-US', options);
    }
  };

  const demoNow = () => (view ? Date.parse(view.now) + (Date.now() - receivedAt) * view.rate : Date.now());

  const render = () => {
    if (!view) return;
    const now = new Date(demoNow());
    shown.textContent = format(now);
    shown.dateTime = now.toISOString();
    play.textContent = view.playing ? '❚❚ pause' : '▶ play';
    play.setAttribute('aria-pressed', String(view.playing));
    root.dataset.playing = String(view.playing);
  };

  const apply = (next: DemoTimeView | null) => {
    if (!next) return;
    // Re-render the channel after a move, and at each re-sync while playing, so relative phrases keep up.
    const jumped =
      !view || next.playing || view.playing || Math.abs(Date.parse(next.now) - demoNow()) > 60_000;
    if (!view) usePageClock(demoNow);
    view = next;
    receivedAt = Date.now();
    lastSync = receivedAt;
    root.hidden = false;
    render();
    if (jumped) {
      pageClockMoved();
      moved();
    }
  };

  const send = async (move: Parameters<typeof postDemoTime>[0], button?: HTMLButtonElement) => {
    if (button) button.disabled = true;
    apply(await postDemoTime(move));
    if (button) button.disabled = false;
  };

  root.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    const action = button.dataset.testid;
    if (action === 'demo-time-hour') void send({ advanceMs: HOUR_MS }, button);
    else if (action === 'demo-time-day') void send({ advanceMs: 24 * HOUR_MS }, button);
    else if (action === 'demo-time-play') void send(view?.playing ? { pause: true } : { play: true }, button);
  });

  setInterval(() => {
    if (!view) return;
    if (Date.now() - lastSync > RESYNC_EVERY_MS) void postDemoTime({}).then(apply);
    render();
  }, 1_000);
  void postDemoTime({}).then(apply);
}
