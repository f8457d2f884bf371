/**
 * `/shipment <BL | booking | container | id> [private]`: a lookup per number (features/shipments/show-shipments.ts),
 * then the shipment card in the channel. A number that is still being tracked shows its tracking request; one that
 * matches nothing gets a private not-found card that says what to check (features/shipments/answer-lookup.ts).
 */
import { parseShipmentLookup } from '../../features/command-text/index.js';
import { showShipments } from '../../features/shipments/show-shipments.js';
import { guarded, lookupIo, tellUsage } from './answers.js';
import type { CommandSpec } from './command.js';

export const shipmentCommand: CommandSpec = {
  slash: '/shipment',
  words: ['shipment'],
  usage: '/shipment <bill of lading | booking | container number | shipment id> [more numbers] [private]',
  description:
    'Where a shipment is, when it arrives (in the port’s time zone), which containers can be picked up, holds, fees and last free days.',
  examples: (n) => [
    `/shipment ${n.billOfLading}`,
    `/shipment ${n.container}`,
    `/shipment ${n.booking} private`,
  ],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipment', async (invocation) => {
      const parsed = parseShipmentLookup(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, shipmentCommand, parsed.problem);
      const channelName = invocation.payload.channel_name ?? null;
      await showShipments(invocation.features, lookupIo(runtime, invocation), parsed.value, channelName);
    }),
};
