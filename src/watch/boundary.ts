/**
 * A watched shipment's time boundary (`watch.boundary`): card time reached a moment that changes what its cards say
 * (midnight in an LFD's zone, the ETA, a reminder's 08:00). Records the LFD reminders now due for each watch (keyed,
 * so each goes out once per channel), queues each watch's delivery (which re-renders the card only if its text
 * changed), and queues the next boundary.
 */
import { dueReminders, nextBoundary } from '../domain/changes/index.js';
import type { JobOutcome } from '../jobs/index.js';
import type { Store } from '../store/index.js';
import { readSnapshot } from './engine.js';
import { deliverKey, JOB } from './job-kinds.js';
import { type WatchClocks, wallTimeOf } from './watch-clocks.js';

export interface BoundaryOptions {
  store: Pick<Store, 'watching' | 'jobs'>;
  clocks: WatchClocks;
  /** Told when work was queued, with when it is due. */
  onQueued?: (at: number) => void;
}

export function createBoundaryRunner(options: BoundaryOptions): (shipmentId: string) => Promise<JobOutcome> {
  const { store, clocks } = options;
  return async (shipmentId) => {
    const stored = await store.watching.snapshots.get(shipmentId);
    const snapshot = stored ? readSnapshot(stored.snapshot) : null;
    if (snapshot === null) return { done: true };
    const watches = (await store.watching.watches.listByShipment(shipmentId)).filter(
      (w) => w.state === 'active',
    );
    if (watches.length === 0) return { done: true };
    const cardNow = clocks.clock.now().getTime();
    const wallNow = clocks.wall.now().getTime();
    for (const watch of watches) {
      const sent = new Set(await store.watching.changes.keys(watch, 'reminder:'));
      const due = dueReminders(snapshot, sent, cardNow);
      if (due.length > 0) {
        await store.watching.changes.record(
          watch,
          due.map((change) => ({ key: change.key, change })),
          wallNow,
        );
      }
      await store.jobs.enqueue({
        kind: JOB.deliver,
        key: deliverKey(watch),
        runAt: wallNow,
        payload: { teamId: watch.teamId, channelId: watch.channelId, shipmentId },
      });
    }
    options.onQueued?.(wallNow);
    const next = nextBoundary(snapshot, cardNow);
    return next === null ? { done: true } : { done: true, next: { runAt: wallTimeOf(clocks, next) } };
  };
}
