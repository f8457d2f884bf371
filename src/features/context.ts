/**
 * What a use case runs with: the tenant it serves (its Terminal49 account and client, its settings), the clock cards
 * read ("now", demo time in the local workspace), the logger, and watching when the process has a store. Built per
 * request or job by the adapter that calls the feature (Slack listeners, jobs); features never see Slack.
 */
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Tenant } from '../tenancy/index.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import type { WatchService } from '../watch/index.js';
import { FeatureError } from './errors.js';

export interface FeatureContext {
  readonly tenant: Tenant;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly watching?: WatchService;
}

/** The tenant's Terminal49 client; a tenant with no account connected gets `not_connected` (what to do is said). */
export function trackingOf(ctx: Pick<FeatureContext, 'tenant'>): TrackingClient {
  const account = ctx.tenant.account;
  if (account === null) {
    throw new FeatureError('not_connected', 'no Terminal49 account is connected for this workspace');
  }
  return account.tracking;
}
