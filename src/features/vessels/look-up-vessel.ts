/**
 * A vessel with its positions over the last 7 days. Positions need the account's routing-data feature; when the API
 * refuses them (403 feature_not_enabled) the vessel is read again without them, and the card says what is missing,
 * instead of failing the whole lookup.
 */
import { subDays } from 'date-fns';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { Vessel } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export const POSITIONS_WINDOW_DAYS = 7;

export interface FoundVessel {
  vessel: Vessel;
  positions: 'shown' | 'feature_not_enabled';
}

export async function lookUpVessel(ctx: FeatureContext, query: string): Promise<FoundVessel> {
  const tracking = trackingOf(ctx);
  const now = ctx.clock.now();
  const window = {
    from: subDays(now, POSITIONS_WINDOW_DAYS).toISOString(),
    to: now.toISOString(),
    withPositions: true,
  };
  try {
    return { vessel: await tracking.getVessel(query, window), positions: 'shown' };
  } catch (error) {
    if (!isTrackingApiError(error) || error.code !== 'feature_not_enabled') throw error;
    return { vessel: await tracking.getVessel(query), positions: 'feature_not_enabled' };
  }
}
