/** The slash commands the load scenarios send: every demo shipment by bill of lading, each expecting its own card. */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { BASELINE_TEXT } from './baseline-bot.js';
import type { RequestPlan } from './load-plan.js';

export const COMMAND = '/shipment';

/** One `/shipment <BL>` per demo shipment; complete when a chat.postMessage carrying that BL arrives. */
export function shipmentCommandPlans(): RequestPlan[] {
  return Object.values(DEMO.shipments).map((shipment) => ({
    kind: 'slash',
    command: COMMAND,
    text: shipment.bl,
    expect: { methods: ['chat.postMessage'], contains: [shipment.bl] },
  }));
}

/** The same command texts sent to the baseline, which answers each with its static message. */
export function baselineCommandPlans(): RequestPlan[] {
  return shipmentCommandPlans().map((plan) => ({
    ...plan,
    expect: { methods: ['chat.postMessage'], contains: [BASELINE_TEXT] },
  }));
}
