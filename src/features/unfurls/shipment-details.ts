/**
 * A shipment's Work Object, opened (docs/unfurls.md, "Opening a preview"): the person who opened it sees, alone, its
 * containers, holds and fees, with Refresh, Watch here (in the channel the link was shared in, unless it is watched
 * there already) and Open in Terminal49 — from the store, like the preview. A shipment this workspace does not watch
 * (or a channel Shipwatch is not enabled in) gets a refusal that says what to do instead. The Slack side
 * (slack/unfurls/entity-details.ts) reads the event and answers with entity.presentDetails.
 */
import { type ShipmentEntity, shipmentDetailsEntity, shipmentFacts } from '../../cards/unfurls/index.js';
import type { FeatureContext } from '../context.js';
import { checkReadPermission } from '../policy/index.js';
import { entityUrl } from './entity-url.js';
import { storedShipment } from './preview-links.js';
import { type ShipmentRef, terminal49Url } from './shipment-links.js';

export interface DetailsRequest {
  teamId: string | null;
  /** Where the link was shared (Watch here watches it there); null when the event did not say. */
  channelId: string | null;
  /** The shipment opened; null when the entity is not one of ours. */
  ref: ShipmentRef | null;
  /** SHIPWATCH_PUBLIC_URL, for the card's own link. */
  publicUrl: string | null;
}

export type ShipmentDetails =
  | { kind: 'details'; entity: ShipmentEntity }
  /** Nothing to show: the platform's error panel says `title` and `message`. */
  | { kind: 'refused'; title: string; message: string };

export async function shipmentDetails(
  ctx: FeatureContext,
  request: DetailsRequest,
): Promise<ShipmentDetails> {
  const { teamId, channelId, ref } = request;
  if (!checkReadPermission({ channelId }, { settings: ctx.tenant.settings }).allowed) {
    return {
      kind: 'refused',
      title: 'Not in this channel',
      message: "Shipwatch isn't enabled in this channel.",
    };
  }
  const stored = teamId !== null && ref !== null ? await storedShipment(ctx, teamId, ref) : null;
  if (stored === null) {
    const named = ref === null ? '' : ` ${'number' in ref ? ref.number : ref.shipmentId}`;
    return {
      kind: 'refused',
      title: 'Not watched here',
      message: `Shipwatch shows shipments this workspace watches. /shipment${named} shows its card.`,
    };
  }
  const { detail } = stored;
  const facts = shipmentFacts(detail, ctx.clock.now().getTime());
  const number = detail.shipment.billOfLadingNumber;
  return {
    kind: 'details',
    entity: shipmentDetailsEntity(facts, {
      entityUrl: entityUrl(request.publicUrl, { shipmentId: detail.shipment.id, number, channelId }),
      terminal49Url: terminal49Url(number ? { number } : { shipmentId: detail.shipment.id }),
      channelId,
      watchedHere: stored.watches.some((watch) => watch.channelId === channelId && watch.state === 'active'),
      readAtMs: stored.fetchedAt,
    }),
  };
}
