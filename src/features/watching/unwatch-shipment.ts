/**
 * Unwatching a shipment in a channel (the Unwatch button, `/shipwatch unwatch`): a write the caller runs through its
 * write flow. The watched card then stops saying "Watching": it reads as of that moment, like any unwatched card.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import type { Watch } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import type { FeatureContext } from '../context.js';
import type { Conversation } from '../conversation.js';
import type { WatchReady } from './watch-shipment.js';

export interface Unwatched {
  watch: Watch;
  /** The shipment's last reading, to re-render its card (null when none was kept). */
  detail: ShipmentDetail | null;
}

/** The write itself; throws `not_watched` when this channel does not watch it. */
export async function unwatchShipment(
  ready: WatchReady,
  shipment: { id: string; number: string },
): Promise<Unwatched> {
  const { watching, place } = ready;
  const detail = await watching.lastReading(shipment.id);
  const watch = await watching.unwatch({ ...place, shipmentId: shipment.id });
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
    renderShipmentCard(detail, { now: ctx.clock.now() }),
  );
}

/**
 * The channel's watch that a number (its bill of lading) or shipment id names, read from the store without a request;
 * null when the channel watches nothing by that name.
 */
export async function watchNamed(
  ctx: Pick<FeatureContext, 'watching'>,
  place: { teamId: string | null; channelId: string | null },
  name: string,
): Promise<Watch | null> {
  if (!ctx.watching) return null;
  const watches = await ctx.watching.watchesIn(place.teamId ?? '', place.channelId ?? '');
  const upper = name.toUpperCase();
  return (
    watches.find((watch) => watch.shipmentNumber.toUpperCase() === upper || watch.shipmentId === name) ?? null
  );
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
