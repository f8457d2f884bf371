import type { Priority } from '../jobs/index.js';

/**
 * What watching reports as it works, for `/metrics` (src/metrics/): a port, so watching never imports the metrics
 * library. Every label is an account or a workspace id, never a shipment (a label per shipment would make one time
 * series per box and swamp the monitoring system).
 */
export interface WatchMetrics {
  /** A background request took a slot of the account's budget, in this class. */
  backgroundRequest(accountId: string, priority: Priority): void;
  /** A poll ran this long after its planned time. */
  pollLateness(accountId: string, lateMs: number): void;
  /** A webhook notification Terminal49 sent at `sentAt` (null when unknown) was handled at `handledAt`. */
  notificationHandled(accountId: string, sentAt: number | null, handledAt: number): void;
  /** A webhook delivery was answered: `accepted`, `duplicate`, `unwatched` or `refused`. */
  notificationReceived(accountId: string, outcome: 'accepted' | 'duplicate' | 'unwatched' | 'refused'): void;
}

export const NO_WATCH_METRICS: WatchMetrics = {
  backgroundRequest: () => {},
  pollLateness: () => {},
  notificationHandled: () => {},
  notificationReceived: () => {},
};
