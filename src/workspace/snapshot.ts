/**
 * What one viewer sees: the channel with ephemeral messages and notices filtered to them, threads grouped, and a
 * reply sent to the channel too (`reply_broadcast`) in both places, as Slack shows it.
 */
import type { WorkspaceIdentity } from './identity.js';
import type { ChannelMessage, CommandSuggestion, ThreadedEntry, WorkspaceSnapshot } from './protocol.js';
import type { ChannelStore } from './state/channel-store.js';
import type { ViewStore } from './state/view-store.js';
import type { HomeTabs } from './web-api/methods/home.js';

export interface SnapshotSources {
  identity: WorkspaceIdentity;
  channel: ChannelStore;
  views: ViewStore;
  homes?: HomeTabs;
  suggestions: CommandSuggestion[];
}

export function buildSnapshot(
  sources: SnapshotSources,
  viewerId: string,
  revision: number,
): WorkspaceSnapshot {
  const { identity } = sources;
  const visible = sources.channel
    .entries()
    .filter((entry) =>
      entry.kind === 'message'
        ? entry.ephemeralTo === null || entry.ephemeralTo === viewerId
        : entry.userId === null || entry.userId === viewerId,
    );
  const replies = new Map<string, ChannelMessage[]>();
  const timeline: ThreadedEntry[] = [];
  for (const entry of visible) {
    if (entry.kind === 'message' && entry.threadTs !== null && entry.threadTs !== entry.ts) {
      const list = replies.get(entry.threadTs) ?? [];
      list.push(entry);
      replies.set(entry.threadTs, list);
      // `reply_broadcast`: Slack shows the reply in its thread and in the channel, where people see it.
      if (entry.broadcast === true) timeline.push({ ...entry, replies: [] });
    } else {
      timeline.push({ ...entry, replies: [] });
    }
  }
  for (const entry of timeline) {
    if (entry.kind === 'message') entry.replies = replies.get(entry.ts) ?? [];
  }
  return {
    revision,
    team: { id: identity.team.id, name: identity.team.name },
    channel: { id: identity.channel.id, name: identity.channel.name, topic: identity.channel.topic },
    bot: { userId: identity.bot.userId, name: identity.bot.name },
    users: identity.users,
    viewerId,
    timeline,
    modals: sources.views.stack(viewerId).map(({ viewId, view, hash, errors, version }) => ({
      viewId,
      view,
      hash,
      errors,
      version,
    })),
    suggestions: sources.suggestions,
    home: sources.homes?.get(viewerId) ?? null,
  };
}
