/**
 * Publishes a person's Home (docs/home.md) through Slack: the use case (features/home/show-home.ts) decides what Home
 * shows; this side lists the channels the person is in (users.conversations), calls views.publish, says which failure
 * is Slack refusing `data_table` (`invalid_blocks`), and asks chat.getPermalink for the workspace's permalink prefix.
 */
import type { FeatureContext } from '../../features/context.js';
import type { HomeNotes } from '../../features/home/home-notes.js';
import { type HomeRequest, showHome } from '../../features/home/show-home.js';
import { classifySlackError, slackFailureFields } from '../delivery/slack-failure.js';
import { type DirectoryClient, peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';

/** Slack's Web API by method name: Bolt's WebClient (`apiCall`), or a test's stand-in. */
export interface SlackApiCaller {
  apiCall(method: string, options?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export type HomeClient = SlackApiCaller & DirectoryClient;

/** Bolt's WebClient, as the Home adapters call it; refused when a stand-in lacks `apiCall` (a unit test's fake). */
export function homeClientOf(client: object): HomeClient {
  if (typeof (client as { apiCall?: unknown }).apiCall !== 'function')
    throw new Error('Home needs a Slack client that can call any Web API method (apiCall)');
  // SAFETY: checked just above; users.info is on every WebClient.
  return client as unknown as HomeClient;
}

/** users.conversations pages at most: 5 × 1000 channels a person is in. */
const MAX_CONVERSATION_PAGES = 5;

export async function publishHome(
  runtime: SlackRuntime,
  io: { client: HomeClient; features: FeatureContext; notes: HomeNotes },
  request: HomeRequest,
): Promise<void> {
  const { client, features } = io;
  await showHome(
    features,
    {
      notes: io.notes,
      channels: () => channelsOf(client, request.userId),
      people: peopleOf(runtime.directory, client),
      home: () => runtime.home(features.tenant),
      admin: runtime.workspaceAdmin ?? null,
      publish: async (view) => {
        await client.apiCall('views.publish', { user_id: request.userId, view });
      },
      refusedBlocks: (error) => classifySlackError(error).slackError === 'invalid_blocks',
      permalink: async (card) => {
        try {
          const answer = await client.apiCall('chat.getPermalink', {
            channel: card.channelId,
            message_ts: card.ts,
          });
          return typeof answer.permalink === 'string' ? answer.permalink : null;
        } catch (error) {
          runtime.logger.info('no permalink for Home’s links', slackFailureFields(error));
          return null;
        }
      },
    },
    request,
  );
}

/** The channels the person is in, public and private, archived left out. */
export async function channelsOf(client: SlackApiCaller, userId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  for (let page = 0; page < MAX_CONVERSATION_PAGES; page += 1) {
    const answer = await client.apiCall('users.conversations', {
      user: userId,
      types: 'public_channel,private_channel',
      exclude_archived: true,
      limit: 1000,
      ...(cursor ? { cursor } : {}),
    });
    const channels = Array.isArray(answer.channels) ? answer.channels : [];
    for (const channel of channels) {
      const id = (channel as { id?: unknown }).id;
      if (typeof id === 'string') ids.push(id);
    }
    const next = (answer.response_metadata as { next_cursor?: unknown } | undefined)?.next_cursor;
    if (typeof next !== 'string' || next === '') break;
    cursor = next;
  }
  return ids;
}
