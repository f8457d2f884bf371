/**
 * What a channel is told about its watched shipments (kinds of update, the ETA threshold, condensed or detailed lines,
 * important updates also to the channel): read for the settings form, and saved — a write of Shipwatch's own state,
 * which the caller runs through its write flow (policy, ledger, audit line).
 */
import type { ChannelSettings } from '../../watch/index.js';
import type { FeatureContext } from '../context.js';
import { FeatureError } from '../errors.js';

export function channelSettings(
  ctx: FeatureContext,
  teamId: string,
  channelId: string,
): Promise<ChannelSettings> {
  return watchingOf(ctx).settings(teamId, channelId);
}

export async function saveChannelSettings(
  ctx: FeatureContext,
  where: { teamId: string; channelId: string },
  settings: ChannelSettings,
  userId: string,
): Promise<ChannelSettings> {
  await watchingOf(ctx).saveSettings(where.teamId, where.channelId, settings, userId);
  return settings;
}

function watchingOf(ctx: FeatureContext) {
  if (!ctx.watching) throw new FeatureError('no_store', 'watching needs the store');
  return ctx.watching;
}
