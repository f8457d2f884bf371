/**
 * What a workspace's admins do to Shipwatch itself in OAuth mode (docs/oauth.md): see whether a Terminal49 key is
 * connected, connect or replace one, remove it; see and change the workspace's settings. The Slack surfaces (`/shipwatch connect`, the Home tab) call these;
 * `src/oauth-setup.ts` implements them over the store. Absent in single-workspace mode, where the key is
 * TRACKING_API_KEY.
 */

import type { WorkspaceSettingsAdmin } from '../settings/workspace-settings.js';
import type { ConnectOutcome } from './connect-account.js';
import type { DisconnectOutcome } from './disconnect-account.js';

export interface ConnectionState {
  connected: boolean;
  /** Terminal49 sends this account's notifications to Shipwatch; false: Shipwatch polls. */
  webhook: boolean;
  /** Other workspaces connected the same key (one account, one budget). */
  sharedWith: number;
}

/** Also the workspace's policy settings (`/shipwatch settings workspace`, features/settings/). */
export interface WorkspaceAdmin extends WorkspaceSettingsAdmin {
  connection(tenantId: string): Promise<ConnectionState>;
  connect(input: { tenantId: string; apiKey: string }): Promise<ConnectOutcome>;
  disconnect(input: { tenantId: string }): Promise<DisconnectOutcome>;
}

/** A tenant's connection, from the accounts in the store. */
export async function connectionOf(
  accounts: {
    forTenant(
      tenantId: string,
    ): Promise<{ id: string; keyCiphertext: string | null; webhookId: string | null } | null>;
    tenantsOf(accountId: string): Promise<string[]>;
  },
  tenantId: string,
): Promise<ConnectionState> {
  const account = await accounts.forTenant(tenantId);
  if (account === null || account.keyCiphertext === null)
    return { connected: false, webhook: false, sharedWith: 0 };
  const tenants = await accounts.tenantsOf(account.id);
  return {
    connected: true,
    webhook: account.webhookId !== null,
    sharedWith: tenants.filter((other) => other !== tenantId).length,
  };
}
