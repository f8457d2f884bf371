/**
 * `link_shared` → `chat.unfurl` (docs/unfurls.md): the use case (features/unfurls/unfurl-shared-links.ts) previews
 * each Terminal49 or Shipwatch link from the store, as Work Objects (`metadata.entities`) or classic previews; this
 * side reads the event, says where the previews go (the message, or the composer before it is sent) and which
 * failures are Slack refusing Work Objects. The event is acknowledged by Bolt; a failure is logged, never shown (a
 * preview is a courtesy: the link itself still works). A line in EVENTS (events/index.ts).
 */
import { unfurlNotesOf } from '../../features/unfurls/unfurl-notes.js';
import { unfurlSharedLinks } from '../../features/unfurls/unfurl-shared-links.js';
import { withChatApi } from '../delivery/chat-api.js';
import { classifySlackError, slackFailureFields } from '../delivery/slack-failure.js';
import type { EventSpec } from '../events/event.js';
import { chatOf } from '../runtime.js';

/** Failures that say nothing about Work Objects: the same call with classic previews would fail the same way. */
const NOT_ABOUT_METADATA = new Set(['rate_limited', 'timeout', 'network', 'channel_unavailable', 'http']);

export const linkSharedSurface: EventSpec = {
  event: 'link_shared',
  create: (runtime) => {
    const notes = unfurlNotesOf(runtime);
    return async ({ event, payload, client, features }) => {
      const { tenant } = features;
      const teamId = payload.teamId ?? tenant.teamId;
      const channel = text(event.channel);
      const messageTs = text(event.message_ts);
      if (teamId === null || channel === null) return;
      const urls = (Array.isArray(event.links) ? event.links : []).flatMap((link: unknown) => {
        const url = link !== null && typeof link === 'object' ? text((link as { url?: unknown }).url) : null;
        return url === null ? [] : [url];
      });
      const unfurlId = text(event.unfurl_id);
      const target: { channel: string; ts: string } | { unfurl_id: string; source: 'composer' } | null =
        event.source === 'composer' && unfurlId !== null
          ? { unfurl_id: unfurlId, source: 'composer' }
          : messageTs !== null
            ? { channel, ts: messageTs }
            : null;
      if (target === null) return;
      const chat = withChatApi(client, chatOf(runtime, { botToken: tenant.botToken })).chat;
      const failed = (error: unknown) =>
        runtime.logger.warn('link previews failed', { team: teamId, ...slackFailureFields(error) });
      await unfurlSharedLinks(
        features,
        {
          notes,
          showWorkObjects: async (entities) => {
            try {
              await chat.unfurl({ ...target, metadata: { entities } });
              return { kind: 'shown' };
            } catch (error) {
              const failure = classifySlackError(error);
              if (!NOT_ABOUT_METADATA.has(failure.kind))
                return { kind: 'refused', error: failure.slackError };
              failed(error);
              return { kind: 'failed' };
            }
          },
          showClassic: async (unfurls) => {
            await chat.unfurl({ ...target, unfurls }).catch(failed);
          },
        },
        { teamId, channelId: channel, urls, publicUrl: runtime.config.publicUrl },
      );
    };
  },
};

/** A non-empty string field of an event, else null (events are read defensively). */
export function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
