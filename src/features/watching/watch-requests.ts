/**
 * `/shipwatch watch <number>`, `/shipwatch unwatch <number>` and `/shipwatch watching` as use cases (README "Watching
 * shipments"). Watch looks the shipment up once and hands it to the watch flow, which posts a watched card in the
 * channel (or points at the one already there); unwatch finds the channel's watch by its number without spending a
 * request when it can; watching tells the person who asked how many shipments the channel watches and how many need
 * attention, and lists the most urgent, each linked to its card.
 */
import { renderNotFoundCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { MAX_ROWS, renderWatchingList } from '../../cards/watch/watching-list.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { commandIntentKey } from '../commands/command-intent-key.js';
import {
  type CommandAnswer,
  type CommandRequest,
  DONE,
  type LookUp,
  type ParsedText,
  tell,
} from '../commands/command-request.js';
import type { FeatureContext } from '../context.js';
import type { PostedCard } from '../conversation.js';
import { lookUpShipment } from '../shipments/look-up-shipment.js';
import { watchNamed } from './unwatch-shipment.js';

const STILL_TRACKING =
  'That number is still being tracked: there is no shipment to watch yet. Try again once `/shipment` shows its card.';

/** Whose request, where, and the write's idempotency key and action: what the watch flow runs with. */
interface WatchWrite {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  key: string;
  action: string;
}

export interface WatchCommandPorts {
  lookUp: LookUp;
  /** Watches the shipment through the write flow (the Watch button's flow): no card was used, a new one is posted. */
  watch(input: WatchWrite & { detail: ShipmentDetail; card: null }): Promise<void>;
}

export interface UnwatchCommandPorts {
  lookUp: LookUp;
  /** Stops watching it through the write flow (the Unwatch button's flow). */
  unwatch(input: WatchWrite & { shipmentId: string; shipmentNumber: string }): Promise<void>;
}

/** What was typed after the command: the number read (the command's argument language), or what was wrong. */
type Typed = CommandRequest & { parsed: ParsedText<{ query: string }> };

export async function watchFromCommand(
  ctx: FeatureContext,
  ports: WatchCommandPorts,
  request: Typed,
): Promise<CommandAnswer> {
  if (!ctx.watching) return tell(renderWatchNeedsStoreNotice());
  const { parsed } = request;
  if (!parsed.ok) return { kind: 'usage', problem: parsed.problem };
  const { query } = parsed.value;
  const resolved = await ports.lookUp(query, () => lookUpShipment(ctx, query));
  if (!resolved.ok) return DONE;
  const resolution = resolved.value;
  if (resolution.kind === 'not_found')
    return tell(renderNotFoundCard(resolution, { now: ctx.clock.now(), private: true }));
  if (resolution.kind === 'tracking_request') return tell(renderNotice(':hourglass:', STILL_TRACKING));
  const { detail } = resolution;
  await ports.watch({
    ...writeOf(request, 'watch', detail.shipment.id),
    detail,
    card: null,
  });
  return DONE;
}

export async function unwatchFromCommand(
  ctx: FeatureContext,
  ports: UnwatchCommandPorts,
  request: Typed,
): Promise<CommandAnswer> {
  if (!ctx.watching) return tell(renderWatchNeedsStoreNotice());
  const { parsed } = request;
  if (!parsed.ok) return { kind: 'usage', problem: parsed.problem };
  const target = await watchedShipmentFor(ctx, ports.lookUp, request, parsed.value.query.trim());
  if (target === null) return DONE;
  await ports.unwatch({ ...writeOf(request, 'unwatch', target.shipmentId), ...target });
  return DONE;
}

function writeOf(request: CommandRequest, name: 'watch' | 'unwatch', shipmentId: string): WatchWrite {
  const { teamId, channelId, userId } = request;
  const key = commandIntentKey(request, name, [shipmentId]);
  return { teamId, channelId, userId, key, action: `shipwatch_${name}` };
}

/** The watched shipment a number names: the channel's own watches first (no request), then the API. */
async function watchedShipmentFor(
  ctx: FeatureContext,
  lookUp: LookUp,
  request: CommandRequest,
  query: string,
): Promise<{ shipmentId: string; shipmentNumber: string } | null> {
  const byNumber = await watchNamed(ctx, request, query);
  if (byNumber) return { shipmentId: byNumber.shipmentId, shipmentNumber: byNumber.shipmentNumber };
  const resolved = await lookUp(query, () => lookUpShipment(ctx, query));
  if (!resolved.ok) return null;
  if (resolved.value.kind !== 'shipment') return { shipmentId: query, shipmentNumber: query };
  const { shipment } = resolved.value.detail;
  return { shipmentId: shipment.id, shipmentNumber: shipment.billOfLadingNumber };
}

/** `linkOf`: a link to a watched card, built from what the platform already said (null: none). */
export async function watchingFromCommand(
  ctx: FeatureContext,
  linkOf: (card: PostedCard) => string | null,
  request: CommandRequest,
): Promise<CommandAnswer> {
  if (!ctx.watching) return tell(renderWatchNeedsStoreNotice());
  // Counts from the store and the first MAX_ROWS watches only; each card's link is built, not asked for.
  const overview = await ctx.watching.overview(request.teamId ?? '', request.channelId ?? '', MAX_ROWS);
  const shown = overview.shown.map((item) => ({
    ...item,
    permalink: item.card ? linkOf(item.card) : null,
  }));
  return tell(renderWatchingList({ ...overview, shown }, ctx.clock.now().getTime(), request.channelId));
}
