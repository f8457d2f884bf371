/**
 * What a watched card shows beyond its reading, for the adapters that re-render one after a person's click (Refresh,
 * a custom field saved): who took it and which boxes are quiet (README "Owning an alert"), as a delivery shows them,
 * and the card's own URL when a public one is configured (docs/unfurls.md). Without them a click would drop the
 * owner from the card until the next delivery.
 */
import type { ShipmentCardContext } from '../../cards/shipment-card.js';
import type { Logger } from '../../logger.js';
import type { WatchKey } from '../../store/index.js';
import type { FeatureContext } from '../context.js';
import { cardLinkBase, cardLinkOf } from '../unfurls/shipment-links.js';

/** What a card's link needs of the configuration: the public URL, and where Slack is (cardLinkBase). */
type LinkConfig = Parameters<typeof cardLinkBase>[0];

/**
 * The channel's card's own URL (`<SHIPWATCH_PUBLIC_URL>/s/<shipment id>?in=<channel>`), or null where none can be
 * opened.
 */
export function cardLinkFor(
  runtime: { config: LinkConfig },
  shipmentId: string,
  channelId: string,
): string | null {
  return cardLinkOf(cardLinkBase(runtime.config), shipmentId, channelId);
}

export async function watchedCardContext(
  runtime: { config: LinkConfig; logger: Logger },
  features: Pick<FeatureContext, 'watching'>,
  key: WatchKey,
  now: Date,
): Promise<NonNullable<ShipmentCardContext['watch']>> {
  const state = await features.watching?.alerts.cardState(key).catch((error: unknown) => {
    runtime.logger.warn('the owner of a watched card could not be read', { error });
    return null;
  });
  return {
    updatedAtMs: now.getTime(),
    ...(state ? { owner: state.owner, alerts: state.containers, daysOff: state.daysOff } : {}),
    link: cardLinkFor(runtime, key.shipmentId, key.channelId),
  };
}
