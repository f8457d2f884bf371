/** Slack's own JSON shapes for the things the fake Web API returns (message, user, channel). */
import { zoneOffsetMs } from '../../domain/time/zone-offsets.js';
import type { ChannelMessage } from '../protocol.js';
import type { JsonObject } from '../shared/json-reader.js';
import type { DirectoryUser, SlackIdentity } from './context.js';

export function slackMessage(
  message: Pick<ChannelMessage, 'isBot' | 'userId' | 'text' | 'ts' | 'threadTs'> & {
    blocks: readonly unknown[];
  },
  identity: { team: { id: string }; bot: { botId: string; appId: string } },
): JsonObject {
  return {
    type: 'message',
    ...(message.isBot
      ? { subtype: 'bot_message', bot_id: identity.bot.botId, app_id: identity.bot.appId }
      : {}),
    user: message.userId,
    text: message.text,
    blocks: message.blocks,
    ts: message.ts,
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
    team: identity.team.id,
  };
}

export function slackUser(user: DirectoryUser, identity: SlackIdentity, at: Date): JsonObject {
  return {
    id: user.id,
    team_id: user.homeTeamId ?? identity.team.id,
    ...(user.isStranger ? { is_stranger: true } : {}),
    ...(user.enterpriseId ? { enterprise_user: { enterprise_id: user.enterpriseId } } : {}),
    name: user.name,
    deleted: false,
    real_name: user.realName,
    tz: user.tz,
    tz_label: timeZoneLabel(user.tz, at),
    tz_offset: timeZoneOffsetSeconds(user.tz, at),
    is_admin: user.isAdmin === true,
    is_owner: false,
    is_bot: false,
    is_app_user: false,
    // A single-channel guest is "ultra restricted"; a multi-channel guest is "restricted".
    is_restricted: user.isGuest,
    is_ultra_restricted: user.singleChannelGuest === true,
    profile: {
      real_name: user.realName,
      display_name: user.name,
      title: user.title,
      team: identity.team.id,
    },
  };
}

export function slackBotUser(identity: SlackIdentity): JsonObject {
  return {
    id: identity.bot.userId,
    team_id: identity.team.id,
    name: identity.bot.name.toLowerCase(),
    real_name: identity.bot.name,
    deleted: false,
    is_bot: true,
    is_app_user: false,
    is_restricted: false,
    is_ultra_restricted: false,
    tz: 'America/Los_Angeles',
    profile: { real_name: identity.bot.name, display_name: identity.bot.name, bot_id: identity.bot.botId },
  };
}

export function slackChannel(
  channel: { id: string; name: string; topic: string; created: number },
  members: number,
): JsonObject {
  return {
    id: channel.id,
    name: channel.name,
    is_channel: true,
    is_group: false,
    is_im: false,
    is_private: false,
    is_archived: false,
    is_general: false,
    is_member: true,
    is_shared: false,
    is_ext_shared: false,
    created: channel.created,
    topic: { value: channel.topic, creator: '', last_set: channel.created },
    purpose: { value: 'Shipments, containers and vessels for the ops team', creator: '', last_set: 0 },
    num_members: members,
  };
}

function timeZoneLabel(tz: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? tz;
}

/** Seconds east of UTC, as users.info reports `tz_offset` (cached per zone and quarter hour). */
function timeZoneOffsetSeconds(tz: string, at: Date): number {
  return Math.round((zoneOffsetMs(tz, at.getTime()) ?? 0) / 1000);
}
