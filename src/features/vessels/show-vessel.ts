/**
 * `/vessel`'s use case: the vessel with its positions over the last 7 days, or without them, saying why, when the
 * account lacks the routing-data feature (look-up-vessel.ts); its card in the channel or to the person alone.
 */
import { renderVesselCard } from '../../cards/index.js';
import type { LookupArguments } from '../command-text/index.js';
import type { FeatureContext } from '../context.js';
import { lookUpOrTell } from '../lookups/look-up-or-tell.js';
import { type LookupIo, visibilityOf } from '../lookups/lookup-replies.js';
import { whileLooking } from '../lookups/while-looking.js';
import { lookUpVessel } from './look-up-vessel.js';

export async function showVessel(ctx: FeatureContext, io: LookupIo, request: LookupArguments): Promise<void> {
  const { query } = request;
  const visibility = visibilityOf(request);
  const found = await whileLooking(io, { label: `vessel ${query}`, visibility }, () =>
    lookUpOrTell(ctx, io.replies, { command: '/vessel', subject: { kind: 'vessel', id: query } }, () =>
      lookUpVessel(ctx, query),
    ),
  );
  if (!found.ok) return;
  const { vessel, positions } = found.value;
  const card = renderVesselCard(vessel, { now: ctx.clock.now(), positions });
  await io.replies.card(card, visibility, { subject: { kind: 'vessel', subjectId: vessel.id } });
}
