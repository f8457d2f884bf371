/**
 * A person's Home (docs/home.md): the channels they are in, their lists read from the stored readings (load-home.ts:
 * no Terminal49 request), for admins the service's state, then published. When the platform refuses a Home with
 * `data_table` blocks, the same Home is published again as sections and the workspace is remembered as refusing
 * data_table for a day (home-notes.ts). The Slack side (slack/home/publish-home.ts) lists the channels, publishes
 * and asks for permalinks.
 */
import { type HomeLayout, type HomeView, renderHomeView } from '../../cards/home/home-view.js';
import type { WorkspaceAdmin } from '../connect/workspace-admin.js';
import type { FeatureContext } from '../context.js';
import type { PostedCard } from '../conversation.js';
import { checkAdminPermission, type HomeWorkspace } from '../policy/index.js';
import type { People } from '../policy/people.js';
import type { HomeNotes } from './home-notes.js';
import { type HomeModel, type HomeState, INITIAL_HOME_STATE, loadHome } from './load-home.js';
import { loadServiceState, type ServiceState } from './service-state.js';

export interface HomeRequest {
  teamId: string;
  userId: string;
  /** The person's choice (a page, a filter); absent, the one remembered. */
  state?: HomeState;
}

/** What showing a Home needs from the chat platform and the app. */
export interface HomePorts {
  notes: HomeNotes;
  /** The channels the person is in. */
  channels(): Promise<string[]>;
  /** Who people are, for the admin policy (only admins see the service's state). */
  people: People;
  /** The workspace that installed the bot (the admin policy's "members only"); null while unknown. */
  home: () => HomeWorkspace | null;
  /** OAuth mode's workspace admin (the Terminal49 connection the service's state shows); null otherwise. */
  admin: WorkspaceAdmin | null;
  /** Publishes the person's Home; throws what the platform answered. */
  publish(view: HomeView): Promise<void>;
  /** Whether a failed publish was the platform refusing the view's blocks (Slack's `invalid_blocks`). */
  refusedBlocks(error: unknown): boolean;
  /** A posted card's link; null when there is none (the platform's failure is logged by the port). */
  permalink(card: PostedCard): Promise<string | null>;
}

export async function showHome(ctx: FeatureContext, ports: HomePorts, request: HomeRequest): Promise<void> {
  const { teamId, userId } = request;
  const { notes } = ports;
  const state = request.state ?? (await notes.state(teamId, userId));
  if (request.state) await notes.saveState(teamId, userId, request.state);
  const [welcome, layout, service] = await Promise.all([
    notes.firstOpen(teamId, userId),
    notes.layout(teamId),
    adminState(ctx, ports, request),
  ]);
  let model: HomeModel;
  let unavailable: string | null = null;
  try {
    // Where the tenant limits Shipwatch to some channels (SHIPWATCH_CHANNELS), Home lists only those.
    const allowed = ctx.tenant.settings.channels;
    const channelIds = (await ports.channels()).filter((id) => allowed.length === 0 || allowed.includes(id));
    model = await loadHome(ctx, { teamId, userId, channelIds, state });
  } catch (error) {
    ctx.logger.warn('Home lists could not be read', { error });
    model = emptyModel(state);
    unavailable = ctx.watching
      ? "Your lists couldn't be read just now. Open Home again in a minute."
      : 'Watching needs the durable store, and this Shipwatch runs without one: there is nothing to list.';
  }
  const permalinkBase = await permalinkBaseOf(ctx, ports, teamId, model);
  const render = (chosen: HomeLayout): HomeView =>
    renderHomeView({ model, service, welcome, layout: chosen, permalinkBase, unavailable });
  try {
    await ports.publish(render(layout));
  } catch (error) {
    if (layout !== 'data_table' || !ports.refusedBlocks(error)) throw error;
    ctx.logger.info('Slack refused data_table on Home; sections for a day', { teamId });
    await notes.refuseDataTable(teamId);
    await ports.publish(render('sections'));
  }
}

/** The service's state when the person may administer Shipwatch here; null for everyone else. */
async function adminState(
  ctx: FeatureContext,
  ports: HomePorts,
  request: HomeRequest,
): Promise<ServiceState | null> {
  const { tenant } = ctx;
  const decision = await checkAdminPermission(
    { userId: request.userId, teamId: request.teamId, channelId: null, action: 'app_home_opened' },
    { people: ports.people, settings: tenant.settings, home: ports.home },
  ).catch(() => ({ allowed: false }));
  if (!decision.allowed) return null;
  return loadServiceState(ctx, { teamId: request.teamId, admin: ports.admin });
}

/**
 * `https://<workspace>.slack.com/archives/`: read once from one card's permalink and remembered, so a page of rows
 * links to its cards without asking for a permalink per row.
 */
async function permalinkBaseOf(
  ctx: FeatureContext,
  ports: HomePorts,
  teamId: string,
  model: HomeModel,
): Promise<string | null> {
  const known = await ports.notes.permalinkBase(teamId);
  if (known !== null) return known;
  const row = model.lists.flatMap((list) => list.rows).find((candidate) => candidate.cardTs !== '');
  if (!row) return null;
  const permalink = (await ports.permalink({ channelId: row.channelId, ts: row.cardTs })) ?? '';
  const at = permalink.indexOf(`/archives/${row.channelId}/`);
  if (at < 0) return null;
  const base = permalink.slice(0, at + '/archives/'.length);
  try {
    await ports.notes.savePermalinkBase(teamId, base);
  } catch (error) {
    ctx.logger.info('no permalink for Home’s links', { error });
    return null;
  }
  return base;
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
