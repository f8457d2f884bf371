/**
 * `/shipment`'s use case: each number typed is one lookup (`resolveShipment` picks the cheapest API call for what was
 * typed), then its answer (answer-lookup.ts): the shipment card, the tracking request still being tracked, or the
 * private not-found card.
 */
import type { ShipmentArguments } from '../command-text/index.js';
import type { FeatureContext } from '../context.js';
import { lookUpOrTell } from '../lookups/look-up-or-tell.js';
import { type LookupIo, visibilityOf } from '../lookups/lookup-replies.js';
import { whileLooking } from '../lookups/while-looking.js';
import { answerShipmentLookup } from './answer-lookup.js';
import { lookUpShipment } from './look-up-shipment.js';

export async function showShipments(
  ctx: FeatureContext,
  io: LookupIo,
  request: ShipmentArguments,
  /** The channel's name as the platform sent it, so a private card's Watch can say where it would post. */
  channelName: string | null,
): Promise<void> {
  const { numbers } = request;
  const visibility = visibilityOf(request);
  // Looked up together (each a request or two), answered in the order typed.
  const lookups = await whileLooking(io, { label: numbers.join(', '), visibility }, () =>
    Promise.all(
      numbers.map((query) =>
        lookUpOrTell(ctx, io.replies, { command: '/shipment', subject: query }, () =>
          lookUpShipment(ctx, query),
        ),
      ),
    ),
  );
  for (const resolved of lookups) {
    if (resolved.ok) await answerShipmentLookup(ctx, io.replies, resolved.value, visibility, channelName);
  }
}
