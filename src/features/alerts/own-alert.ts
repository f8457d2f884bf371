/**
 * Owning an alert (README "Owning an alert"): take a watched shipment (its owner in this workspace, shown on its cards
 * and kept for App Home), snooze a box's reminders in this channel until a preset (08:00 tomorrow or on the next
 * working day, in the box's LFD zone), or mark it done (no more reminders for it here). Writes of Shipwatch's own
 * state, which the caller runs through its write flow (policy, ledger, audit line). Taking a shipment is mirrored to
 * a Terminal49 container custom field when the workspace names one (SHIPWATCH_OWNER_FIELD, or its saved settings),
 * as the person's name (their Slack id when it cannot be read): one upsert per box not yet picked up, never retried;
 * a refused mirror is logged and said, the ownership stands.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import type { SnoozePreset } from '../../domain/alerts/index.js';
import type { Watch, WatchKey } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';
import type { Conversation } from '../conversation.js';
import { FeatureError } from '../errors.js';

export interface TakeOutcome {
  /** Who owned it before (null: nobody). */
  before: string | null;
  /** The custom field mirrored to and on how many boxes (of how many tried); null when none is configured. */
  mirror: { field: string; written: number; tried: number } | null;
}

/**
 * `ownerName`: the person's name as people outside Slack know them (asked only when a field is mirrored); null when
 * it cannot be read, and the field then holds their Slack user id rather than nothing.
 */
export async function takeShipment(
  ctx: FeatureContext,
  key: WatchKey,
  userId: string,
  ownerName: () => Promise<string | null> = async () => null,
): Promise<TakeOutcome> {
  const watching = watchingOf(ctx);
  const { before } = await watching.alerts.take(key.teamId, key.shipmentId, userId);
  const field = ctx.tenant.settings.ownerField ?? null;
  if (field === null) return { before: before?.userId ?? null, mirror: null };
  const detail: ShipmentDetail | null = await watching.lastReading(key.shipmentId);
  const boxes = (detail?.containers ?? []).filter((container) => container.podFullOutAt === null);
  const value = boxes.length === 0 ? userId : ((await ownerName().catch(() => null)) ?? userId);
  let written = 0;
  for (const box of boxes) {
    try {
      await trackingOf(ctx).setContainerCustomField(box.id, field, value);
      written += 1;
    } catch (error) {
      ctx.logger.warn('the owner could not be mirrored to the custom field', { field, error });
    }
  }
  return { before: before?.userId ?? null, mirror: { field, written, tried: boxes.length } };
}

export function snoozeContainer(
  ctx: FeatureContext,
  key: WatchKey,
  containerId: string,
  preset: SnoozePreset,
  userId: string,
): Promise<{ until: number; zone: string | null }> {
  return watchingOf(ctx).alerts.snooze(key, containerId, preset, userId);
}

export function markContainerDone(
  ctx: FeatureContext,
  key: WatchKey,
  containerId: string,
  userId: string,
): Promise<void> {
  return watchingOf(ctx).alerts.done(key, containerId, userId);
}

function watchingOf(ctx: FeatureContext) {
  if (!ctx.watching) throw new FeatureError('no_store', 'owning an alert needs the store');
  return ctx.watching;
}

/**
 * The active watch of this shipment in this channel, which owning an alert needs; otherwise the number of the one
 * there (paused), if any, for the note that says it is not watched.
 */
export async function ownableWatch(
  ctx: FeatureContext,
  place: { teamId: string | null; channelId: string | null },
  shipmentId: string,
): Promise<{ kind: 'watched'; watch: Watch } | { kind: 'not_watched'; shipmentNumber: string | null }> {
  const { teamId, channelId } = place;
  const watch = teamId && channelId ? await watchingOf(ctx).find(teamId, channelId, shipmentId) : null;
  if (watch?.state === 'active') return { kind: 'watched', watch };
  return { kind: 'not_watched', shipmentNumber: watch?.shipmentNumber ?? null };
}

/** A box's number from the shipment's last reading, for the audit line. */
export async function containerNumberOf(
  ctx: FeatureContext,
  shipmentId: string,
  containerId: string,
): Promise<string> {
  const detail = await watchingOf(ctx).lastReading(shipmentId);
  return detail?.containers.find((box) => box.id === containerId)?.number ?? 'this container';
}

/** The watched card, re-rendered from its last reading with its owner and quiet boxes. */
export async function showOwnedCard(
  ctx: FeatureContext,
  conversation: Conversation,
  watch: Watch,
  /** The card's own URL (docs/unfurls.md), or null where none can be opened. */
  link: string | null,
): Promise<void> {
  const watching = watchingOf(ctx);
  // A card-less watch (a quiet subscribed shipment) has no card to re-render.
  if (watch.cardTs === null) return;
  const cardTs = watch.cardTs;
  const detail = await watching.lastReading(watch.shipmentId);
  if (detail === null) return;
  const state = await watching.alerts.cardState(watch);
  const now = ctx.clock.now();
  await conversation.updateCard(
    { channelId: watch.channelId, ts: cardTs },
    renderShipmentCard(detail, {
      now,
      watch: {
        updatedAtMs: now.getTime(),
        owner: state.owner,
        alerts: state.containers,
        link,
        daysOff: state.daysOff,
      },
    }),
  );
}
