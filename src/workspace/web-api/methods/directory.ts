/** auth.test, users.info, usergroups.users.list, conversations.info: the lookups a bot makes about its workspace. */
import { fail, type WebApiMethod } from '../context.js';
import { slackBotUser, slackUser } from '../slack-objects.js';

export const authTest: WebApiMethod = (_args, { identity }) => ({
  ok: true,
  url: `https://${identity.team.domain}.slack.com/`,
  team: identity.team.name,
  user: identity.bot.name.toLowerCase(),
  team_id: identity.team.id,
  user_id: identity.bot.userId,
  bot_id: identity.bot.botId,
  ...(identity.enterprise ? { enterprise_id: identity.enterprise.id } : {}),
  is_enterprise_install: identity.isEnterpriseInstall === true,
});

export const usersInfo: WebApiMethod = (args, context) => {
  const { identity } = context;
  if (args.user === identity.bot.userId) return { ok: true, user: slackBotUser(identity) };
  const user = context.user(args.user);
  return user
    ? { ok: true, user: slackUser(user, identity, new Date(context.now())) }
    : fail('user_not_found');
};

export const usergroupsUsersList: WebApiMethod = (args, context) => {
  const members = context.usergroup(args.usergroup);
  return members ? { ok: true, users: [...members] } : fail('no_such_subteam');
};

export const conversationsInfo: WebApiMethod = (args, context) => {
  const conversation = context.conversation(args.channel);
  return 'error' in conversation ? fail(conversation.error) : { ok: true, channel: conversation.info() };
};
