/**
 * Owning an alert as a person asked (README "Owning an alert"): Take it on a watched card or on an alert in its
 * thread, and the snooze and done options of a watched card's container menu. Each is a write of Shipwatch's own
 * state through the one write flow (policy, ledger: a double-click acts once, audit line in the card's thread); the
 * watched card is then re-rendered with its owner and its quiet boxes, wherever the click came from (own-alert.ts).
 */
import { renderDoneLine, renderSnoozedLine, renderTakenLine } from '../../cards/alerts/alert-lines.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderNotWatchedNotice, renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import type { SnoozePreset } from '../../domain/alerts/index.js';
import type { FeatureContext } from '../context.js';
import type { People } from '../policy/index.js';
import { zoneWithin } from '../policy/zone-within.js';
import { postWatchLine } from '../watching/watch-line.js';
import type { WatchPorts } from '../watching/watch-ports.js';
import {
  containerNumberOf,
  markContainerDone,
  ownableWatch,
  showOwnedCard,
  snoozeContainer,
  takeShipment,
} from './own-alert.js';

/** What owning an alert changes, in a refusal's words. */
const ALERTS_WHAT = 'who owns the alerts of this channel';

export interface AlertInput {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  shipmentId: string;
  /** The write's idempotency key. */
  key: string;
  action: string;
}

export type AlertWrite =
  | { kind: 'take' }
  | { kind: 'snooze'; containerId: string; preset: SnoozePreset }
  | { kind: 'done'; containerId: string };

/** `people`: who the person is (their name for a mirrored owner field, their own time zone for a snooze's line). */
export type AlertPorts = WatchPorts & { people: Pick<People, 'member'> };

export async function ownAlert(
  ctx: FeatureContext,
  ports: AlertPorts,
  input: AlertInput,
  what: AlertWrite,
): Promise<void> {
  const { conversation, people } = ports;
  if (!ctx.watching) return void (await conversation.tell(renderWatchNeedsStoreNotice()));
  const found = await ownableWatch(ctx, input, input.shipmentId);
  if (found.kind === 'not_watched') {
    await conversation.tell(
      renderNotWatchedNotice({ shipmentNumber: found.shipmentNumber ?? 'This shipment' }),
    );
    return;
  }
  const { watch } = found;
  const { teamId, channelId } = watch;
  const key = { teamId, channelId, shipmentId: input.shipmentId };
  const now = () => ctx.clock.now().getTime();
  const common = {
    action: input.action,
    key: input.key,
    target: what.kind === 'take' ? input.shipmentId : what.containerId,
    what: ALERTS_WHAT,
    actor: { userId: input.userId, teamId },
    channelId,
    afterWrite: () =>
      showOwnedCard(ctx, conversation, watch, ports.cardLink(watch.shipmentId, watch.channelId)),
    publishAudit: (line: SlackMessage) => postWatchLine(ctx, conversation, watch, line, 'alert'),
    describeFailure: () => 'Nothing was changed. Try again in a moment.',
  };
  if (what.kind === 'take') {
    await ports.runWrite({
      ...common,
      // The field is read by people outside Slack: the person's name (from the write policy's cached users.info).
      write: () =>
        takeShipment(
          ctx,
          key,
          input.userId,
          async () => (await people.member(teamId, input.userId)).name ?? null,
        ),
      auditLine: (taken) =>
        renderTakenLine({ userId: input.userId, shipmentNumber: watch.shipmentNumber, ...taken }),
    });
    return;
  }
  const containerNumber = await containerNumberOf(ctx, input.shipmentId, what.containerId);
  if (what.kind === 'snooze') {
    // The line says the end in the LFD's zone and in the snoozer's own (users.info; the write policy reads the same
    // member, so this is the one lookup it would have made anyway).
    // Without the person's zone in time, the line says the end in each reader's zone instead.
    const personZone = await zoneWithin(people, { teamId, userId: input.userId });
    await ports.runWrite({
      ...common,
      write: () => snoozeContainer(ctx, key, what.containerId, what.preset, input.userId),
      auditLine: ({ until, zone }) =>
        renderSnoozedLine({
          userId: input.userId,
          containerNumber,
          until,
          zone,
          personZone,
          nowMs: now(),
        }),
    });
    return;
  }
  await ports.runWrite({
    ...common,
    write: () => markContainerDone(ctx, key, what.containerId, input.userId),
    auditLine: () => renderDoneLine({ userId: input.userId, containerNumber }),
  });
}
