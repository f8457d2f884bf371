/**
 * Owning an alert from Slack (README "Owning an alert"): Take it on a watched card or on an alert in its thread, and
 * the snooze and done options of a watched card's container menu. Each is a write of Shipwatch's own state through
 * the one write flow (policy, ledger: a double-click acts once, audit line in the card's thread); the watched card is
 * then re-rendered with its owner and its quiet boxes, wherever the click came from (features/alerts/own-alert.ts).
 */
import { renderDoneLine, renderSnoozedLine, renderTakenLine } from '../../cards/alerts/alert-lines.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderNotWatchedNotice, renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import type { SnoozePreset } from '../../domain/alerts/index.js';
import {
  containerNumberOf,
  markContainerDone,
  ownableWatch,
  showOwnedCard,
  snoozeContainer,
  takeShipment,
} from '../../features/alerts/own-alert.js';
import { postWatchLine } from '../../features/watching/watch-line.js';
import { cardLinkFor } from '../../features/watching/watched-card-context.js';
import { settleWithin } from '../../features/writes/deadline.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { conversationOf, type WatchIo } from './watch-flow.js';

/** What owning an alert changes, in a refusal's words. */
export const ALERTS_WHAT = 'who owns the alerts of this channel';

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

export async function ownAlert(
  runtime: SlackRuntime,
  io: WatchIo,
  input: AlertInput,
  what: AlertWrite,
): Promise<void> {
  const { features } = io;
  if (!features.watching) return void (await io.replier.tell(renderWatchNeedsStoreNotice()));
  const found = await ownableWatch(features, input, input.shipmentId);
  if (found.kind === 'not_watched') {
    await io.replier.tell(
      renderNotWatchedNotice({ shipmentNumber: found.shipmentNumber ?? 'This shipment' }),
    );
    return;
  }
  const { watch } = found;
  const { teamId, channelId } = watch;
  const key = { teamId, channelId, shipmentId: input.shipmentId };
  const conversation = conversationOf(runtime, io);
  const now = () => features.clock.now().getTime();
  const common = {
    action: input.action,
    key: input.key,
    target: what.kind === 'take' ? input.shipmentId : what.containerId,
    what: ALERTS_WHAT,
    actor: { userId: input.userId, teamId },
    channelId,
    afterWrite: () => showOwnedCard(features, conversation, watch, cardLinkFor(runtime, watch.shipmentId)),
    publishAudit: (line: SlackMessage) => postWatchLine(features, conversation, watch, line, 'alert'),
    describeFailure: () => 'Nothing was changed. Try again in a moment.',
  };
  const ctx = { runtime, replier: io.replier, directoryClient: io.client, tenant: features.tenant };
  if (what.kind === 'take') {
    await runWrite(
      ctx,
      {
        ...common,
        // The field is read by people outside Slack: the person's name (from the write policy's cached users.info).
        write: () =>
          takeShipment(
            features,
            key,
            input.userId,
            async () => (await runtime.directory.member(io.client, teamId, input.userId)).name ?? null,
          ),
        auditLine: (taken) =>
          renderTakenLine({ userId: input.userId, shipmentNumber: watch.shipmentNumber, ...taken }),
      },
      { kind: 'acked' },
    );
    return;
  }
  const containerNumber = await containerNumberOf(features, input.shipmentId, what.containerId);
  if (what.kind === 'snooze') {
    // The line says the end in the LFD's zone and in the snoozer's own (users.info; the write policy reads the same
    // member, so this is the one lookup it would have made anyway).
    const personZone = await zoneOfPerson(runtime, io, teamId, input.userId);
    await runWrite(
      ctx,
      {
        ...common,
        write: () => snoozeContainer(features, key, what.containerId, what.preset, input.userId),
        auditLine: ({ until, zone }) =>
          renderSnoozedLine({
            userId: input.userId,
            containerNumber,
            until,
            zone,
            personZone,
            nowMs: now(),
          }),
      },
      { kind: 'acked' },
    );
    return;
  }
  await runWrite(
    ctx,
    {
      ...common,
      write: () => markContainerDone(features, key, what.containerId, input.userId),
      auditLine: () => renderDoneLine({ userId: input.userId, containerNumber }),
    },
    { kind: 'acked' },
  );
}

/** How long the snooze's line waits for the person's zone before saying the time in each reader's zone instead. */
const ZONE_BUDGET_MS = 1_500;

/** The person's own zone from `users.info`; null when Slack did not say in time. */
async function zoneOfPerson(
  runtime: SlackRuntime,
  io: WatchIo,
  teamId: string,
  userId: string,
): Promise<string | null> {
  const found = await settleWithin(runtime.directory.member(io.client, teamId, userId), ZONE_BUDGET_MS);
  return found.settled && found.outcome.ok ? found.outcome.value.timeZone : null;
}
