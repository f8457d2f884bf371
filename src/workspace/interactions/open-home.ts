/**
 * The person opened the app's Home tab: the bot hears `app_home_opened` as Slack sends it (an Events API envelope,
 * JSON, signed), with the app's direct message as `channel` and the Home it last published, if any, as `view`.
 */
import type { UiResult } from '../protocol.js';
import { findUser, type WorkspaceCore } from './core.js';

export async function openHome(core: WorkspaceCore, userId: string): Promise<UiResult> {
  const user = findUser(core, userId);
  if (!user) return { ok: false, error: 'user_not_found' };
  const { identity } = core;
  const view = core.homes?.get(user.id) ?? null;
  const now = core.now();
  const reply = await core.sender.sendEvent({
    token: 'local-workspace',
    team_id: identity.team.id,
    api_app_id: identity.bot.appId,
    type: 'event_callback',
    event_id: `Ev${now.toString(36).toUpperCase()}`,
    event_time: Math.floor(now / 1000),
    event: {
      type: 'app_home_opened',
      user: user.id,
      channel: `D${user.id}`,
      tab: 'home',
      event_ts: (now / 1000).toFixed(6),
      ...(view ? { view } : {}),
    },
    authorizations: [
      { enterprise_id: null, team_id: identity.team.id, user_id: identity.bot.userId, is_bot: true },
    ],
  });
  return reply.kind === 'answered' && reply.status < 300 ? { ok: true } : { ok: false, error: 'bot_failed' };
}
