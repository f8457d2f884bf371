/**
 * Finding a shipment from what a person typed (a bill of lading, booking or container number, or a shipment id) with
 * the fewest requests (src/tracking/resolver.ts picks them), and reading one by id for a card.
 */

import type { ShipmentDetail } from '../../tracking/models.js';
import { resolveShipment } from '../../tracking/resolver.js';
import type { ReadOptions, Resolution } from '../../tracking/tracking-client.js';
import { type FeatureContext, trackingOf } from '../context.js';

export function lookUpShipment(ctx: FeatureContext, query: string): Promise<Resolution> {
  return resolveShipment(trackingOf(ctx), query);
}

export function readShipment(
  ctx: FeatureContext,
  shipmentId: string,
  options?: ReadOptions,
): Promise<ShipmentDetail> {
  return trackingOf(ctx).getShipment(shipmentId, options);
}
