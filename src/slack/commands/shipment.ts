/**
 * `/shipment <BL | booking | container | id> [private]`: one lookup (`resolveShipment` picks the cheapest API call
 * for what was typed), then the shipment card in the channel. A number that is still being tracked shows its
 * tracking request; one that matches nothing gets a private not-found card that says what to check.
 */

import { answerShipmentLookup } from '../../features/shipments/answer-lookup.js';
import { lookUpShipment } from '../../features/shipments/look-up-shipment.js';
import { guarded, lookUpOrTell, tellUsage, withPlaceholder } from './answers.js';
import type { CommandSpec } from './command.js';
import { parseLookup, splitNumbers } from './text/index.js';

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
      const parsed = parseLookup(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, shipmentCommand, parsed.problem);
      const numbers = splitNumbers(parsed.value.query, { separate: parsed.value.separate === true });
      if (numbers.length > MAX_NUMBERS) {
        return tellUsage(
          runtime,
          invocation,
          shipmentCommand,
          `Give at most ${MAX_NUMBERS} numbers at a time.`,
        );
      }
      const visibility = parsed.value.private ? 'private' : 'channel';
      // Looked up together (each a request or two), answered in the order typed.
      const lookups = await withPlaceholder(
        runtime,
        invocation,
        { label: numbers.join(', '), visibility },
        () =>
          Promise.all(
            numbers.map((query) =>
              lookUpOrTell(runtime, invocation, { command: '/shipment', subject: query }, () =>
                lookUpShipment(invocation.features, query),
              ),
            ),
          ),
      );
      for (const resolved of lookups) {
        if (resolved.ok)
          await answerShipmentLookup(
            runtime,
            invocation.replier,
            resolved.value,
            visibility,
            invocation.payload.channel_name ?? null,
          );
      }
    }),
};

/** Numbers one command may look up: each card costs a request or two of the account's minute. */
export const MAX_NUMBERS = 3;
