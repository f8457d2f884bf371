/** auth.test, users.info, usergroups.users.list, conversations.info: the lookups a bot makes about its workspace. */
import { fail, isKnownChannel, type WebApiMethod } from '../context.js';
import { slackBotUser, slackChannel, slackUser } from '../slack-objects.js';

export const authTest: WebApiMethod = (_args, { identity }) => ({
  ok: true,
  url: `https://${identity.team.domain}.slack.com/`,
  team: identity.team.name,
  user: identity.bot.name.toLowerCase(),
  team_id: identity.team.id,
  user_id: identity.bot.userId,
  bot_id: identity.bot.botId,
  is_enterprise_install: false,
});

export const usersInfo: WebApiMethod = (args, { identity, now }) => {
  if (args.user === identity.bot.userId) return { ok: true, user: slackBotUser(identity) };
  const user = identity.users.find((candidate) => candidate.id === args.user);
  return user ? { ok: true, user: slackUser(user, identity, new Date(now())) } : fail('user_not_found');
};

export const usergroupsUsersList: WebApiMethod = (args, { identity }) => {
  const group = identity.usergroups.find((candidate) => candidate.id === args.usergroup);
  return group ? { ok: true, users: [...group.userIds] } : fail('no_such_subteam');
};

export const conversationsInfo: WebApiMethod = (args, context) =>
  isKnownChannel(args.channel, context)
    ? { ok: true, channel: slackChannel(context.identity) }
    : fail('channel_not_found');
