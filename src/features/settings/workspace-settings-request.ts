/**
 * `/shipwatch settings workspace` (also `/shipwatch workspace-settings`) as a use case: the workspace's policy
 * settings (docs/oauth.md, "Workspace settings"). In OAuth mode they are the workspace's own: its admins edit them in
 * a form filled with what is saved (saving is slack/views/workspace-settings-submission.ts). In single-workspace mode
 * they come from the environment: shown read-only, privately, with where to change them. `/shipwatch settings` alone
 * stays the channel's settings for watched shipments.
 */
import { VIEW } from '../../cards/ids.js';
import {
  renderEnvironmentSettings,
  renderWorkspaceSettingsModal,
} from '../../cards/settings/workspace-settings-card.js';
import type { ModalView, SlackMessage } from '../../cards/types.js';
import type { Tenant } from '../../tenancy/index.js';
import type { FeatureContext } from '../context.js';
import { showWorkspaceSettings, type WorkspaceSettingsAdmin } from './workspace-settings.js';

/** `/shipwatch settings <rest>` is the workspace's settings when `rest` says so. */
export function asksForWorkspaceSettings(text: string): boolean {
  return /^workspace$/i.test(text.trim());
}

/** Single-workspace mode: the environment's settings, for the person alone. */
export async function environmentSettingsNotice(ctx: Pick<FeatureContext, 'tenant'>): Promise<SlackMessage> {
  return renderEnvironmentSettings(await showWorkspaceSettings(ctx, null));
}

/** The edit the form is, for the admin check before it opens (the same as `/shipwatch connect`'s). */
export function workspaceSettingsEdit(tenant: Tenant) {
  return {
    action: VIEW.workspaceSettings,
    target: tenant.id,
    tenant,
    policy: 'admin' as const,
    what: 'this workspace’s Shipwatch settings',
  };
}

/** The form, filled with what the workspace saved. */
export async function workspaceSettingsForm(
  ctx: Pick<FeatureContext, 'tenant'>,
  admin: WorkspaceSettingsAdmin,
): Promise<ModalView> {
  return renderWorkspaceSettingsModal(await showWorkspaceSettings(ctx, admin));
}
