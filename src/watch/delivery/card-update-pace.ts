/**
 * Slack's `chat.update` is Tier 3: about 50 calls a minute per workspace (docs/slack-platform.md, rate limits). Card
 * updates of one workspace share one rolling minute in the store's quota table, so every replica together stays
 * under it; people's own clicks (Refresh, Watch) use chat.update outside this pace, so it is set below Slack's limit.
 * A 429 pauses the workspace's pace until its Retry-After for every replica, instead of each job retrying alone.
 * Re-renders for the passage of time alone (a date, a "behind schedule" footer) may fill two thirds of the minute, so
 * a card with news always finds room even while a thousand footers wait.
 */
import type { Clock } from '../../clock.js';
import type { QuotaStore } from '../../store/index.js';

const WINDOW_MS = 60_000;

export interface CardUpdatePace {
  /** A slot for one card update in `teamId` (news, or a re-render), or when the next frees. */
  take(teamId: string, kind: 'news' | 'render'): Promise<{ ok: true } | { ok: false; until: number }>;
  /** Slack answered 429: no card update in `teamId` before `untilMs`. */
  pause(teamId: string, untilMs: number): Promise<void>;
}

export function createCardUpdatePace(options: {
  quota: QuotaStore;
  wall: Clock;
  perMinute: number;
}): CardUpdatePace {
  const { quota, wall } = options;
  const key = (teamId: string) => `slack-update:${teamId}`;
  return {
    async take(teamId, kind) {
      const now = wall.now().getTime();
      const limit =
        kind === 'news' ? options.perMinute : Math.max(1, Math.floor((options.perMinute * 2) / 3));
      // The slot is held for the whole minute from the call: the window Slack counts.
      const answer = await quota.acquire(key(teamId), {
        limit,
        windowMs: WINDOW_MS,
        now,
        inFlightHoldMs: WINDOW_MS,
      });
      return answer.ok ? { ok: true } : { ok: false, until: Math.max(answer.nextFreeAt, now + 1) };
    },
    pause: (teamId, untilMs) => quota.pause(key(teamId), untilMs),
  };
}
