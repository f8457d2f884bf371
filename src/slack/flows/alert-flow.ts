/**
 * Owning an alert from Slack (README "Owning an alert"): Take it on a watched card or on an alert in its thread, and
 * the snooze and done options of a watched card's container menu. Each is a write of Shipwatch's own state through
 * the one write flow (policy, ledger: a double-click acts once, audit line in the card's thread); the watched card is
 * then re-rendered with its owner and its quiet boxes, wherever the click came from.
 */
import { renderDoneLine, renderSnoozedLine, renderTakenLine } from '../../cards/alerts/alert-lines.js';
import { renderShipmentCard } from '../../cards/shipment-card.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderNotWatchedNotice, renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import type { SnoozePreset } from '../../domain/alerts/index.js';
import { markContainerDone, snoozeContainer, takeShipment } from '../../features/alerts/own-alert.js';
import { settleWithin } from '../../features/writes/deadline.js';
import type { Watch } from '../../store/index.js';
import { postThreadReply, updateCard } from '../delivery/messages.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { cardLinkFor } from '../delivery/watched-card.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import type { WatchIo } from './watch-flow.js';

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
  const { watching } = runtime;
  if (!watching) return void (await io.replier.tell(renderWatchNeedsStoreNotice()));
  const { teamId, channelId } = input;
  const watch = teamId && channelId ? await watching.find(teamId, channelId, input.shipmentId) : null;
  if (watch === null || watch.state !== 'active' || !teamId || !channelId) {
    await io.replier.tell(
      renderNotWatchedNotice({ shipmentNumber: watch?.shipmentNumber ?? 'This shipment' }),
    );
    return;
  }
  const key = { teamId, channelId, shipmentId: input.shipmentId };
  const numberOf = async (containerId: string) =>
    (await watching.lastReading(input.shipmentId))?.containers.find((box) => box.id === containerId)
      ?.number ?? 'this container';
  const now = () => runtime.clock.now().getTime();
  const common = {
    action: input.action,
    key: input.key,
    target: what.kind === 'take' ? input.shipmentId : what.containerId,
    what: ALERTS_WHAT,
    actor: { userId: input.userId, teamId },
    channelId,
    afterWrite: () => rerenderCard(runtime, io, watch),
    publishAudit: (line: SlackMessage) => threadLine(runtime, io, watch, line),
    describeFailure: () => 'Nothing was changed. Try again in a moment.',
  };
  const ctx = { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant };
  if (what.kind === 'take') {
    await runWrite(
      ctx,
      {
        ...common,
        // The field is read by people outside Slack: the person's name (from the write policy's cached users.info).
        write: () =>
          takeShipment(
            io.features,
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
  const containerNumber = await numberOf(what.containerId);
  if (what.kind === 'snooze') {
    // The line says the end in the LFD's zone and in the snoozer's own (users.info; the write policy reads the same
    // member, so this is the one lookup it would have made anyway).
    const personZone = await zoneOfPerson(runtime, io, teamId, input.userId);
    await runWrite(
      ctx,
      {
        ...common,
        write: () => snoozeContainer(io.features, key, what.containerId, what.preset, input.userId),
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
      write: () => markContainerDone(io.features, key, what.containerId, input.userId),
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

/** The watched card, re-rendered from its last reading with its owner and quiet boxes. */
async function rerenderCard(runtime: SlackRuntime, io: WatchIo, watch: Watch): Promise<void> {
  const watching = runtime.watching;
  if (!watching) return;
  // A card-less watch (a quiet subscribed shipment) has no card to re-render.
  if (watch.cardTs === null) return;
  const cardTs = watch.cardTs;
  const detail = await watching.lastReading(watch.shipmentId);
  if (detail === null) return;
  const state = await watching.alerts.cardState(watch);
  const now = runtime.clock.now();
  await updateCard(
    io.client,
    { channel: watch.channelId, ts: cardTs },
    renderShipmentCard(detail, {
      now,
      watch: {
        updatedAtMs: now.getTime(),
        owner: state.owner,
        alerts: state.containers,
        link: cardLinkFor(runtime, watch.shipmentId),
        daysOff: state.daysOff,
      },
    }),
  );
}

async function threadLine(
  runtime: SlackRuntime,
  io: WatchIo,
  watch: Watch,
  line: SlackMessage,
): Promise<void> {
  try {
    const threadTs = watch.threadTs ?? watch.cardTs;
    // A card-less watch has no thread to write in: the person who acted is told instead.
    if (threadTs === null) {
      await io.replier.tell(line);
      return;
    }
    await postThreadReply(io.client, { channel: watch.channelId, ts: threadTs }, line);
  } catch (error) {
    runtime.logger.warn(
      'could not post the alert line in the thread; telling the person',
      slackFailureFields(error),
    );
    await io.replier.tell(line);
  }
}
