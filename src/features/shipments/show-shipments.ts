/**
 * `/shipment`'s use case: each number typed is one lookup (`resolveShipment` picks the cheapest API call for what was
 * typed), then its answer: the shipment card, the tracking request still being tracked, or the private not-found
 * card. How a resolution is answered is the adapter's `answer` (slack/flows/shipment-answer.ts).
 */
import type { Resolution } from '../../tracking/tracking-client.js';
import type { ShipmentArguments } from '../command-text/index.js';
import type { FeatureContext } from '../context.js';
import { lookUpOrTell } from '../lookups/look-up-or-tell.js';
import { type LookupIo, type Visibility, visibilityOf } from '../lookups/lookup-replies.js';
import { whileLooking } from '../lookups/while-looking.js';
import { lookUpShipment } from './look-up-shipment.js';

export async function showShipments(
  ctx: FeatureContext,
  io: LookupIo,
  request: ShipmentArguments,
  answer: (resolution: Resolution, visibility: Visibility) => Promise<void>,
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
    if (resolved.ok) await answer(resolved.value, visibility);
  }
}
