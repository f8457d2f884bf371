/**
 * A channel's daily digest (README "Daily digests"): set it at a local time in the zone of the person who sets it,
 * every day or on the channel's working days, turn it off, or compose it now. Setting and turning off are writes of
 * Shipwatch's own state, which the caller runs through its write flow (policy, ledger, audit line); composing reads
 * stored snapshots only (no Terminal49 request).
 */
import type { SlackMessage } from '../../cards/types.js';
import type { DigestSchedule } from '../../domain/digest/index.js';
import type { DigestSetting } from '../../watch/settings.js';
import type { FeatureContext } from '../context.js';
import { FeatureError } from '../errors.js';

export interface ChannelRef {
  teamId: string;
  channelId: string;
}

/** Sets the channel's digest; the instant of its next occurrence (card time). */
export async function setChannelDigest(
  ctx: FeatureContext,
  where: ChannelRef,
  schedule: DigestSchedule,
  userId: string,
): Promise<{ setting: DigestSetting; nextAt: number }> {
  const setting: DigestSetting = { ...schedule, setBy: userId, setAt: ctx.clock.now().getTime() };
  const nextAt = await digestsOf(ctx).schedule(where.teamId, where.channelId, setting, userId);
  return { setting, nextAt: nextAt ?? 0 };
}

/** Turns the channel's digest off; the setting it had (null: there was none, and nothing changed). */
export async function turnOffChannelDigest(
  ctx: FeatureContext,
  where: ChannelRef,
  userId: string,
): Promise<DigestSetting | null> {
  const digests = digestsOf(ctx);
  const before = await digests.setting(where.teamId, where.channelId);
  if (before === null) return null;
  await digests.schedule(where.teamId, where.channelId, null, userId);
  return before;
}

/** The channel's digest setting (null: none). */
export function channelDigest(ctx: FeatureContext, where: ChannelRef): Promise<DigestSetting | null> {
  return digestsOf(ctx).setting(where.teamId, where.channelId);
}

/** The channel's digest as it stands now, always with an answer (nothing to flag says so). */
export async function composeChannelDigest(ctx: FeatureContext, where: ChannelRef): Promise<SlackMessage> {
  return (await digestsOf(ctx).composeNow(where.teamId, where.channelId)).message;
}

function digestsOf(ctx: FeatureContext) {
  if (!ctx.watching) throw new FeatureError('no_store', 'digests need the store');
  return ctx.watching.digests;
}
