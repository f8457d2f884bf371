/**
 * Resume tracking a shipment Terminal49 stopped tracking (`PATCH /shipments/{id}/resume_tracking`): a write, sent
 * once by the caller's write flow; the shipment is then read afresh for its card.
 */
import type { ShipmentDetail } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export async function resumeTracking(ctx: FeatureContext, shipmentId: string): Promise<void> {
  await trackingOf(ctx).resumeTracking(shipmentId);
}

export function readResumedShipment(ctx: FeatureContext, shipmentId: string): Promise<ShipmentDetail> {
  return trackingOf(ctx).getShipment(shipmentId, { fresh: true });
}
