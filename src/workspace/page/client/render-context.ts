/** Builds the renderers' context for the current viewer (their zone, names for mentions). */
import type { InputValues, WorkspaceSnapshot } from '../../protocol.js';
import { type RenderContext, userDirectory } from '../render/context.js';
import { pageNow } from './page-clock.js';

export function renderContextFor(
  snapshot: WorkspaceSnapshot,
  surface: RenderContext['surface'],
  modal: { errors: Record<string, string>; values: InputValues } = { errors: {}, values: {} },
): RenderContext {
  const viewer = snapshot.users.find((user) => user.id === snapshot.viewerId);
  return {
    surface,
    userName: userDirectory(snapshot.users, snapshot.bot),
    channelName: (id) => (id === snapshot.channel.id ? snapshot.channel.name : null),
    timeZone: viewer?.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    now: pageNow(),
    errors: modal.errors,
    valueOf: (blockId, actionId) => modal.values[blockId]?.[actionId],
  };
}
