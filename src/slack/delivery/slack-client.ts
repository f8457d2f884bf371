/**
 * The slice of Bolt's WebClient that delivery uses. Listeners pass their `client`; unit tests pass a small fake of
 * this shape instead of a whole WebClient.
 */
import type { RespondArguments } from '@slack/bolt';
import type { EntityMetadata, KnownBlock, View } from '@slack/types';

interface MessageArguments {
  channel: string;
  text: string;
  blocks?: KnownBlock[];
}

export interface SlackMessagingClient {
  chat: {
    postMessage(
      args: MessageArguments & { thread_ts?: string; unfurl_links?: boolean; unfurl_media?: boolean },
    ): Promise<{ channel?: string; ts?: string }>;
    update(args: MessageArguments & { ts: string }): Promise<unknown>;
    postEphemeral(args: MessageArguments & { user: string; thread_ts?: string }): Promise<unknown>;
    /** Slack's link to a message (to point people at a card). */
    getPermalink(args: { channel: string; message_ts: string }): Promise<{ permalink?: string }>;
    /** Previews of the links of one shared message (docs/slack-platform.md, "Unfurling links"). */
    unfurl(args: UnfurlArguments): Promise<unknown>;
  };
  views: {
    open(args: { trigger_id: string; view: View }): Promise<{ view?: { id?: string; hash?: string } }>;
    update(args: {
      view_id: string;
      view: View;
      hash?: string;
    }): Promise<{ view?: { id?: string; hash?: string } }>;
  };
}

/**
 * chat.unfurl's arguments as Shipwatch sends them: the message by `channel` + `ts`, or the composer's link by
 * `unfurl_id` + `source`; then either classic `unfurls` (URL → blocks) or Work Objects (`metadata.entities`).
 */
export type UnfurlArguments = (
  | { channel: string; ts: string }
  | { unfurl_id: string; source: 'composer' | 'conversations_history' }
) &
  ({ unfurls: Record<string, { blocks: KnownBlock[] }> } | { metadata: { entities: EntityMetadata[] } });

/** Bolt's `respond`: POSTs to the payload's response_url (throws on a non-2xx answer). */
export type Respond = (message: RespondArguments) => Promise<unknown>;
