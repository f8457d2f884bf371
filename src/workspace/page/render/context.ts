/** What renderers need to know about the reader and the surface they draw on. */
import type { InputValue, LocalUser } from '../../protocol.js';
import type { MrkdwnContext } from './mrkdwn.js';

export interface RenderContext extends MrkdwnContext {
  surface: 'message' | 'modal';
  /** Modal only: validation errors by block_id. */
  errors: Record<string, string>;
  /** Modal only: what the reader already typed or picked, by block_id and action_id. */
  valueOf(blockId: string, actionId: string): InputValue | undefined;
}

export function userDirectory(users: LocalUser[], bot: { userId: string; name: string }) {
  const names = new Map(users.map((user) => [user.id, user.realName]));
  names.set(bot.userId, bot.name);
  return (id: string): string | null => names.get(id) ?? null;
}
