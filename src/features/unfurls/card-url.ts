/**
 * Where a card's own Shipwatch URL (`/s/<shipment id>?in=<channel>`, docs/unfurls.md, "A card's own URL") leads: the
 * card that watches the shipment in that channel — its permalink, asked of its workspace — else (the channel stopped
 * watching it, an older link without a channel) the most recently created active watch's card, and Terminal49's page
 * for the shipment when no card watches it or no permalink comes. Only a place to go: what the
 * card says stays behind the chat platform's own sign-in. The HTTP route is slack/unfurls/card-url-route.ts.
 */
import type { WatchingStore } from '../../store/index.js';
import { looksLikeUuid } from '../../tracking/normalize-query.js';
import type { PostedCard } from '../conversation.js';
import { terminal49Url } from './shipment-links.js';

export interface CardUrlPorts {
  watches: Pick<WatchingStore['watches'], 'listByShipment'>;
  /** The card's permalink in workspace `teamId`; null when there is none (a failure is logged by the port). */
  permalink(teamId: string, card: PostedCard): Promise<string | null>;
}

/** The URL to redirect to; null when `id` is not a shipment id (no such card). `channelId`: the card's channel. */
export async function cardUrlTarget(
  ports: CardUrlPorts,
  id: string,
  channelId: string | null = null,
): Promise<string | null> {
  if (!looksLikeUuid(id)) return null;
  // A card-less watch (a quiet subscribed shipment) has no card to open yet.
  const watches = (await ports.watches.listByShipment(id.toLowerCase())).filter(
    (watch): watch is typeof watch & { cardTs: string } => watch.state === 'active' && watch.cardTs !== null,
  );
  // The newest in the named channel (a Slack Connect channel can be watched from two workspaces), else the newest.
  const watch = watches.filter((each) => each.channelId === channelId).at(-1) ?? watches.at(-1);
  if (watch === undefined) return terminal49Url({ shipmentId: id });
  const permalink = await ports.permalink(watch.teamId, { channelId: watch.channelId, ts: watch.cardTs });
  return permalink ?? terminal49Url({ number: watch.shipmentNumber });
}
