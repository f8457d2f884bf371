/**
 * Near-arrival books for the budget bench: every shipment at the terminal (polled every 15 min), some in an urgent
 * tier (a box held after discharge), the rest routine (discharged, free, LFD four days out: no urgent tier).
 */
import type { ShipmentDetail } from '../../src/tracking/models.js';
import { type Phase, shipment } from './watch-world.js';

/** A shipment near arrival: urgent (held after discharge) or routine. */
export function nearShipment(id: string, urgent: boolean, nowMs: number): ShipmentDetail {
  const detail = shipment(id, 2, 'near', nowMs);
  if (!urgent)
    for (const box of detail.containers) {
      box.holds = [];
      box.availableForPickup = true;
      box.currentStatus = 'available';
    }
  return detail;
}

/**
 * The mixed book of the earlier watching bench (README "Watching shipments"): of every ten shipments two near arrival
 * (one in five of those held after discharge), seven at sea and one in detention.
 */
export function mixedShipment(id: string, index: number, nowMs: number): ShipmentDetail {
  const slot = index % 10;
  if (slot < 2) return nearShipment(id, index % 50 === 0, nowMs);
  const phase: Phase = slot < 9 ? 'far' : 'detention';
  return shipment(id, 2, phase, nowMs);
}
