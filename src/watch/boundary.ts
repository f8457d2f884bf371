/**
 * A watched shipment's time boundary (`watch.boundary`): card time reached a moment that changes what its cards say
 * (midnight in an LFD's zone, the ETA, a reminder's 08:00). Records the LFD reminders now due for each watch (keyed,
 * so each goes out once per channel), queues each watch's delivery (which re-renders the card only if its text
 * changed), and queues the next boundary. Reminders fall on each channel's own working days (its settings' days off).
 */
import { nextSnoozeEnd, silencedContainers } from '../domain/alerts/index.js';
import type { WorkingWeek } from '../domain/attention/index.js';
import { dueReminders, nextBoundary, watchPhase } from '../domain/changes/index.js';
import type { JobOutcome } from '../jobs/index.js';
import type { Store } from '../store/index.js';
import { readSnapshot } from './engine.js';
import type { WatchJobs } from './job-factory.js';
import { readChannelSettings, workingWeekOf } from './settings.js';
import { shipmentAttention } from './shipment-attention.js';
import { type WatchClocks, wallTimeOf } from './watch-clocks.js';
import { behindAfterMs, type WatchConfig } from './watch-config.js';

export interface BoundaryOptions {
  store: Pick<Store, 'watching' | 'jobs'>;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'cadenceMs' | 'workingWeek'>;
  jobs: WatchJobs;
  /** Told when work was queued, with when it is due. */
  onQueued?: (at: number) => void;
}

export function createBoundaryRunner(options: BoundaryOptions): (shipmentId: string) => Promise<JobOutcome> {
  const { store, clocks } = options;
  return async (shipmentId) => {
    const stored = await store.watching.snapshots.get(shipmentId);
    const snapshot = stored ? readSnapshot(stored.snapshot) : null;
    if (stored === null || snapshot === null) return { done: true };
    const watches = (await store.watching.watches.listByShipment(shipmentId)).filter(
      (w) => w.state === 'active',
    );
    if (watches.length === 0) return { done: true };
    const cardNow = clocks.clock.now().getTime();
    const wallNow = clocks.wall.now().getTime();
    const { urgent } = shipmentAttention(snapshot, clocks, options.config).attention;
    /** When a snooze ends and its box's reminders are due again. */
    let snoozeEnd: number | null = null;
    /** Each channel's working week: its reminders fall on its own working days. */
    const weeks: WorkingWeek[] = [];
    for (const watch of watches) {
      const week = workingWeekOf(
        readChannelSettings((await store.watching.settings.get(watch.teamId, watch.channelId))?.settings),
      );
      weeks.push(week);
      const sent = new Set(await store.watching.changes.keys(watch, 'reminder:'));
      // A box marked done, or snoozed until later, gets no reminder in this channel (README "Owning an alert").
      const alerts = await store.watching.alerts.containers.list(watch);
      const silenced = silencedContainers(alerts, cardNow);
      const ends = nextSnoozeEnd(alerts, cardNow);
      if (ends !== null) snoozeEnd = snoozeEnd === null ? ends : Math.min(snoozeEnd, ends);
      const due = dueReminders(snapshot, sent, cardNow, week).filter(
        (change) => change.container === null || !silenced.has(change.container.id),
      );
      if (due.length > 0) {
        await store.watching.changes.record(
          watch,
          due.map((change) => ({ key: change.key, change })),
          wallNow,
        );
      }
      // A reminder is news; a re-render for the date alone is not, and waits behind cards that have some.
      await store.jobs.enqueue(options.jobs.deliver(watch, wallNow, { urgent, news: due.length > 0 }));
    }
    options.onQueued?.(wallNow);
    // The next date that changes the card, or the moment its reading grows too old, whichever comes first.
    const dated = nextBoundary(snapshot, cardNow, weeks);
    const behindAfter = behindAfterMs(options.config, watchPhase(snapshot, cardNow));
    const behindAt = behindAfter === null ? null : stored.fetchedAt + behindAfter + 1;
    const candidates = [
      ...(dated === null ? [] : [wallTimeOf(clocks, dated)]),
      ...(snoozeEnd === null ? [] : [wallTimeOf(clocks, snoozeEnd)]),
      ...(behindAt !== null && behindAt > wallNow ? [behindAt] : []),
    ];
    return candidates.length === 0
      ? { done: true }
      : { done: true, next: { runAt: Math.min(...candidates) } };
  };
}
