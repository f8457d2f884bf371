/**
 * What a workspace admin sees of the service on Home (docs/home.md, "For admins"): whether a Terminal49 key is
 * connected (OAuth mode) or configured by the operator, whether Terminal49's webhook reaches Shipwatch, the watch
 * load against the account's budget and any shortfall (the `/healthz` watch section), and who may write. Read from
 * the store and this process's state only.
 */
import type { WatchStatus } from '../../watch/index.js';
import type { WorkspaceAdmin } from '../connect/workspace-admin.js';
import type { FeatureContext } from '../context.js';

export type HomeConnection =
  /** Single-workspace mode: the operator's TRACKING_API_KEY. */
  { kind: 'configured' } | { kind: 'connected'; sharedWith: number } | { kind: 'not_connected' };

export interface ServiceState {
  connection: HomeConnection;
  /** Terminal49 sends notifications (else Shipwatch polls). */
  webhook: boolean;
  /** This workspace's watches and the account's polling; null without a store. */
  watch: {
    active: number;
    paused: number;
    neededPerMinute: number;
    plannedPerMinute: number;
    shortfall: boolean;
  } | null;
  /** User and group ids allowed to write; empty: every full member. */
  editors: readonly string[];
}

export async function loadServiceState(
  ctx: FeatureContext,
  input: { teamId: string; admin: WorkspaceAdmin | null },
): Promise<ServiceState> {
  const { tenant, watching } = ctx;
  let connection: HomeConnection = { kind: 'configured' };
  let webhook = watching?.webhookRoute != null;
  if (input.admin) {
    const state = await input.admin.connection(tenant.id);
    connection = state.connected
      ? { kind: 'connected', sharedWith: state.sharedWith }
      : { kind: 'not_connected' };
    webhook = state.webhook;
  }
  const status: WatchStatus | null = watching ? await watching.status() : null;
  const mine = status?.watched.workspaces.find((row) => row.teamId === input.teamId);
  return {
    connection,
    webhook,
    watch: status
      ? {
          active: mine?.active ?? 0,
          paused: mine?.paused ?? 0,
          neededPerMinute: status.polls.neededPerMinute,
          plannedPerMinute: status.polls.plannedPerMinute,
          shortfall: status.polls.shortfall,
        }
      : null,
    editors: tenant.settings.editors,
  };
}
