/**
 * Publishes a person's Home (docs/home.md): the channels they are in (users.conversations), their lists read from
 * the stored readings (features/home: no Terminal49 request), for admins the service's state, then views.publish.
 * When Slack answers `invalid_blocks` to a Home with `data_table` blocks, the same Home is published again as
 * sections and the workspace is remembered as refusing data_table for a day (home-notes.ts).
 */
import { type HomeLayout, type HomeView, renderHomeView } from '../../cards/home/home-view.js';
import type { FeatureContext } from '../../features/context.js';
import {
  type HomeModel,
  type HomeState,
  INITIAL_HOME_STATE,
  loadHome,
} from '../../features/home/load-home.js';
import { loadServiceState, type ServiceState } from '../../features/home/service-state.js';
import { checkAdminPermission } from '../../features/policy/index.js';
import { classifySlackError, slackFailureFields } from '../delivery/slack-failure.js';
import { type DirectoryClient, peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import type { HomeNotes } from './home-notes.js';

/** Slack's Web API by method name: Bolt's WebClient (`apiCall`), or a test's stand-in. */
export interface SlackApiCaller {
  apiCall(method: string, options?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export type HomeClient = SlackApiCaller & DirectoryClient;

export interface HomeRequest {
  teamId: string;
  userId: string;
  /** The person's choice (a page, a filter); absent, the one remembered. */
  state?: HomeState;
}

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
  const { teamId, userId } = request;
  const { notes } = io;
  const state = request.state ?? (await notes.state(teamId, userId));
  if (request.state) await notes.saveState(teamId, userId, request.state);
  const [welcome, layout, service] = await Promise.all([
    notes.firstOpen(teamId, userId),
    notes.layout(teamId),
    adminState(runtime, io, request),
  ]);
  let model: HomeModel;
  let unavailable: string | null = null;
  try {
    // Where the tenant limits Shipwatch to some channels (SHIPWATCH_CHANNELS), Home lists only those.
    const allowed = io.features.tenant.settings.channels;
    const channelIds = (await channelsOf(io.client, userId)).filter(
      (id) => allowed.length === 0 || allowed.includes(id),
    );
    model = await loadHome(io.features, { teamId, userId, channelIds, state });
  } catch (error) {
    runtime.logger.warn('Home lists could not be read', { error });
    model = emptyModel(state);
    unavailable = io.features.watching
      ? "Your lists couldn't be read just now. Open Home again in a minute."
      : 'Watching needs the durable store, and this Shipwatch runs without one: there is nothing to list.';
  }
  const permalinkBase = await permalinkBaseOf(runtime, io, teamId, model);
  const render = (chosen: HomeLayout): HomeView =>
    renderHomeView({ model, service, welcome, layout: chosen, permalinkBase, unavailable });
  try {
    await io.client.apiCall('views.publish', { user_id: userId, view: render(layout) });
  } catch (error) {
    if (layout !== 'data_table' || classifySlackError(error).slackError !== 'invalid_blocks') throw error;
    runtime.logger.info('Slack refused data_table on Home; sections for a day', { teamId });
    await notes.refuseDataTable(teamId);
    await io.client.apiCall('views.publish', { user_id: userId, view: render('sections') });
  }
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

/** The service's state when the person may administer Shipwatch here; null for everyone else. */
async function adminState(
  runtime: SlackRuntime,
  io: { client: HomeClient; features: FeatureContext },
  request: HomeRequest,
): Promise<ServiceState | null> {
  const { tenant } = io.features;
  const decision = await checkAdminPermission(
    { userId: request.userId, teamId: request.teamId, channelId: null, action: 'app_home_opened' },
    {
      people: peopleOf(runtime.directory, io.client),
      settings: tenant.settings,
      home: () => runtime.home(tenant),
    },
  ).catch(() => ({ allowed: false }));
  if (!decision.allowed) return null;
  return loadServiceState(io.features, { teamId: request.teamId, admin: runtime.workspaceAdmin ?? null });
}

/**
 * `https://<workspace>.slack.com/archives/`: read once from one card's permalink and remembered, so a page of rows
 * links to its cards without a chat.getPermalink per row.
 */
async function permalinkBaseOf(
  runtime: SlackRuntime,
  io: { client: SlackApiCaller; notes: HomeNotes },
  teamId: string,
  model: HomeModel,
): Promise<string | null> {
  const known = await io.notes.permalinkBase(teamId);
  if (known !== null) return known;
  const row = model.lists.flatMap((list) => list.rows).find((candidate) => candidate.cardTs !== '');
  if (!row) return null;
  try {
    const answer = await io.client.apiCall('chat.getPermalink', {
      channel: row.channelId,
      message_ts: row.cardTs,
    });
    const permalink = typeof answer.permalink === 'string' ? answer.permalink : '';
    const at = permalink.indexOf(`/archives/${row.channelId}/`);
    if (at < 0) return null;
    const base = permalink.slice(0, at + '/archives/'.length);
    await io.notes.savePermalinkBase(teamId, base);
    return base;
  } catch (error) {
    runtime.logger.info('no permalink for Home’s links', slackFailureFields(error));
    return null;
  }
}

function emptyModel(state: HomeState = INITIAL_HOME_STATE): HomeModel {
  return {
    channels: 0,
    shipments: 0,
    lists: [],
    terminals: [],
    customers: [],
    mine: 0,
    state,
  };
}
