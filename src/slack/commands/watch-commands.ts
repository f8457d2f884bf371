/**
 * `/shipwatch watch <number>`, `/shipwatch unwatch <number>` and `/shipwatch watching` (README "Watching
 * shipments"): subcommands of /shipwatch only (`slash: null`), so manifest.yml needs nothing. Watch looks the
 * shipment up once and posts a watched card in the channel (or points at the one already there); unwatch finds the
 * channel's watch by its number without spending a request when it can; watching tells the person who asked how many
 * shipments the channel watches and how many need attention, and lists the most urgent, each linked to its card.
 */
import { renderNotFoundCard } from '../../cards/index.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { MAX_ROWS, renderWatchingList } from '../../cards/watch/watching-list.js';
import { parseLookup } from '../../features/command-text/index.js';
import { hashOf } from '../../features/idempotency/index.js';
import { lookUpShipment } from '../../features/shipments/look-up-shipment.js';
import { watchNamed } from '../../features/watching/unwatch-shipment.js';
import { messageLink } from '../delivery/message-link.js';
import { renderNotice } from '../delivery/notice.js';
import { startWatching, stopWatching } from '../flows/watch-flow.js';
import type { SlackRuntime } from '../runtime.js';
import { guarded, lookUpOrTell, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';

const STILL_TRACKING =
  'That number is still being tracked: there is no shipment to watch yet. Try again once `/shipment` shows its card.';

function commandKey(invocation: CommandInvocation, what: string, target: string): string {
  const { payload } = invocation;
  // A Slack retry of the same command carries the same trigger_id; a person typing it again gets a new one.
  return `command:${payload.team_id ?? '-'}:${payload.user_id}:${what}:${hashOf([target, payload.trigger_id])}`;
}

export const watchCommand: CommandSpec = {
  slash: null,
  words: ['watch'],
  usage: '/shipwatch watch <bill of lading | booking | container number>',
  description:
    'Watch a shipment in this channel: its card stays up to date, and changes (ETA, holds, availability, LFD, pickups) are posted in its thread.',
  examples: (n) => [`/shipwatch watch ${n.billOfLading}`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch watch', async (invocation) => {
      if (!runtime.watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const parsed = parseLookup(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, watchCommand, parsed.problem);
      const query = parsed.value.query;
      const resolved = await lookUpOrTell(
        runtime,
        invocation,
        { command: '/shipwatch watch', subject: query },
        () => lookUpShipment(invocation.features, query),
      );
      if (!resolved.ok) return;
      const resolution = resolved.value;
      if (resolution.kind === 'not_found') {
        await invocation.replier.tell(
          renderNotFoundCard(resolution, { now: runtime.clock.now(), private: true }),
        );
        return;
      }
      if (resolution.kind === 'tracking_request') {
        await invocation.replier.tell(renderNotice(':hourglass:', STILL_TRACKING));
        return;
      }
      const { payload } = invocation;
      await startWatching(
        runtime,
        { replier: invocation.replier, client: invocation.client, features: invocation.features },
        {
          teamId: payload.team_id ?? null,
          channelId: payload.channel_id ?? null,
          userId: payload.user_id,
          detail: resolution.detail,
          card: null,
          key: commandKey(invocation, 'watch', resolution.detail.shipment.id),
          action: 'shipwatch_watch',
        },
      );
    }),
};

export const unwatchCommand: CommandSpec = {
  slash: null,
  words: ['unwatch'],
  usage: '/shipwatch unwatch <bill of lading | booking | container number>',
  description: 'Stop watching a shipment in this channel.',
  examples: (n) => [`/shipwatch unwatch ${n.billOfLading}`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch unwatch', async (invocation) => {
      const { watching } = runtime;
      if (!watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const parsed = parseLookup(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, unwatchCommand, parsed.problem);
      const { payload } = invocation;
      const query = parsed.value.query.trim();
      const target = await watchedShipmentFor(runtime, invocation, query);
      if (target === null) return;
      await stopWatching(
        runtime,
        { replier: invocation.replier, client: invocation.client, features: invocation.features },
        {
          teamId: payload.team_id ?? null,
          channelId: payload.channel_id ?? null,
          userId: payload.user_id,
          shipmentId: target.shipmentId,
          shipmentNumber: target.shipmentNumber,
          key: commandKey(invocation, 'unwatch', target.shipmentId),
          action: 'shipwatch_unwatch',
        },
      );
    }),
};

/** The watched shipment a number names: the channel's own watches first (no request), then the API. */
async function watchedShipmentFor(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  query: string,
): Promise<{ shipmentId: string; shipmentNumber: string } | null> {
  const { payload } = invocation;
  const byNumber = await watchNamed(
    invocation.features,
    { teamId: payload.team_id ?? null, channelId: payload.channel_id ?? null },
    query,
  );
  if (byNumber) return { shipmentId: byNumber.shipmentId, shipmentNumber: byNumber.shipmentNumber };
  const resolved = await lookUpOrTell(
    runtime,
    invocation,
    { command: '/shipwatch unwatch', subject: query },
    () => lookUpShipment(invocation.features, query),
  );
  if (!resolved.ok) return null;
  if (resolved.value.kind !== 'shipment') return { shipmentId: query, shipmentNumber: query };
  const { shipment } = resolved.value.detail;
  return { shipmentId: shipment.id, shipmentNumber: shipment.billOfLadingNumber };
}

export const watchingCommand: CommandSpec = {
  slash: null,
  words: ['watching', 'watches'],
  usage: '/shipwatch watching',
  description: 'The shipments this channel watches, most urgent first (only you see the list).',
  examples: () => ['/shipwatch watching'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch watching', async (invocation) => {
      if (!runtime.watching) return void (await invocation.replier.tell(renderWatchNeedsStoreNotice()));
      const { payload } = invocation;
      // Counts from the store and the first MAX_ROWS watches only; each card's link is built, not asked for.
      const overview = await runtime.watching.overview(
        payload.team_id ?? '',
        payload.channel_id ?? '',
        MAX_ROWS,
      );
      const shown = overview.shown.map((item) => ({
        ...item,
        permalink: item.card
          ? messageLink({ teamDomain: payload.team_domain, channelId: item.card.channelId, ts: item.card.ts })
          : null,
      }));
      await invocation.replier.tell(
        renderWatchingList({ ...overview, shown }, runtime.clock.now().getTime(), payload.channel_id ?? null),
      );
    }),
};
