/**
 * Unwatching a shipment in a channel (the Unwatch button, `/shipwatch unwatch`): a write the caller runs through its
 * write flow. The watched card then stops saying "Watching": it reads as of that moment, like any unwatched card.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import { keptOutNote } from '../../cards/subscriptions/subscription-messages.js';
import type { Watch } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import type { Unwatched as UnwatchedWatch } from '../../watch/index.js';
import type { FeatureContext } from '../context.js';
import type { Conversation } from '../conversation.js';
import type { WatchReady } from './watch-shipment.js';

export interface Unwatched {
  /** `keptOutOf`: the filter of the subscription it came from, which will not bring it back. */
  watch: UnwatchedWatch;
  /** The shipment's last reading, to re-render its card (null when none was kept). */
  detail: ShipmentDetail | null;
}

/** The write itself, by `userId`; throws `not_watched` when this channel does not watch it. */
export async function unwatchShipment(
  ready: WatchReady,
  shipment: { id: string; number: string },
  userId: string,
): Promise<Unwatched> {
  const { watching, place } = ready;
  const detail = await watching.lastReading(shipment.id);
  const watch = await watching.unwatch({ ...place, shipmentId: shipment.id }, userId);
  if (watch === null) throw new WatchError('not_watched', `${shipment.number} is not watched here`);
  return { watch, detail };
}

export async function showUnwatchedCard(
  ctx: Pick<FeatureContext, 'clock'>,
  conversation: Conversation,
  { watch, detail }: Unwatched,
): Promise<void> {
  if (detail === null || watch.cardTs === null) return;
  await conversation.updateCard(
    { channelId: watch.channelId, ts: watch.cardTs },
    // A subscribed shipment's card says, once, that its subscription will not bring it back.
    renderShipmentCard(detail, {
      now: ctx.clock.now(),
      endedNote: watch.keptOutOf ? keptOutNote(watch.keptOutOf) : null,
    }),
  );
}

/**
 * The channel's watch that a number or shipment id names, read from the store without a request; null when the
 * channel watches nothing by that name.
 */
export async function watchNamed(
  ctx: Pick<FeatureContext, 'watching'>,
  place: { teamId: string | null; channelId: string | null },
  name: string,
): Promise<Watch | null> {
  if (!ctx.watching) return null;
  // That one row is read, however many shipments the channel watches.
  return ctx.watching.findInChannel(place.teamId ?? '', place.channelId ?? '', name);
}

/** The number of a shipment this channel watches (or paused), for the notes about it; null when it has no watch here. */
export async function watchedNumberOf(
  ctx: Pick<FeatureContext, 'watching'>,
  place: { teamId: string | null; channelId: string | null },
  shipmentId: string,
): Promise<string | null> {
  const { teamId, channelId } = place;
  if (!ctx.watching || !teamId || !channelId) return null;
  return (await ctx.watching.find(teamId, channelId, shipmentId))?.shipmentNumber ?? null;
}
