/**
 * A workspace's policy settings as its admins see and change them (docs/oauth.md, "Workspace settings"): who may
 * write (editors: people and user groups), the channels where Shipwatch answers, the custom fields "Set custom field"
 * offers, and the custom field that mirrors an alert's owner. In OAuth mode they are the workspace's own, stored per
 * tenant and saved through `/shipwatch settings workspace`; in single-workspace mode they are the environment's
 * SHIPWATCH_* values, shown read-only. The form's text (comma- or space-separated ids and slugs) is read here, so the
 * Slack layer only moves strings.
 */
import type { SettingsCheck, SettingsField, TenantSettings } from '../../tenancy/index.js';
import { checkWorkspaceSettings, DEFAULT_WORKSPACE_SETTINGS } from '../../tenancy/index.js';
import type { FeatureContext } from '../context.js';

/** What stores a workspace's settings: OAuth mode's setup implements it; absent in single-workspace mode. */
export interface WorkspaceSettingsAdmin {
  settings(tenantId: string): Promise<TenantSettings>;
  saveSettings(input: {
    tenantId: string;
    change: Partial<Record<SettingsField, unknown>>;
    by: string;
  }): Promise<SettingsCheck>;
}

export interface SettingsShown {
  /** `workspace`: the workspace's own, editable by its admins; `environment`: the operator's SHIPWATCH_* values. */
  source: 'workspace' | 'environment';
  editors: readonly string[];
  channels: readonly string[];
  customFieldSlugs: readonly string[];
  ownerField: string | null;
}

/** The form as submitted: one text per setting (null: the field was not in the form). */
export interface SettingsForm {
  editors: string | null;
  channels: string | null;
  customFieldSlugs: string | null;
  ownerField: string | null;
}

export type SettingsFormCheck =
  | { ok: true; change: Partial<Record<SettingsField, unknown>> }
  | { ok: false; problems: Array<{ field: SettingsField; message: string }> };

/** The settings that apply to the context's workspace, read fresh (not from the tenant's cache) when it has its own. */
export async function showWorkspaceSettings(
  ctx: Pick<FeatureContext, 'tenant'>,
  admin: WorkspaceSettingsAdmin | null,
): Promise<SettingsShown> {
  const settings = admin ? await admin.settings(ctx.tenant.id) : ctx.tenant.settings;
  return {
    source: admin ? 'workspace' : 'environment',
    editors: settings.editors,
    channels: settings.channels,
    customFieldSlugs: settings.customFieldSlugs,
    ownerField: settings.ownerField ?? null,
  };
}

/** Reads the form's texts into a change, checking each value (which field is wrong, and why). */
export function readSettingsForm(form: SettingsForm): SettingsFormCheck {
  const change: Partial<Record<SettingsField, unknown>> = {};
  if (form.editors !== null) change.editors = words(form.editors);
  if (form.channels !== null) change.channels = words(form.channels);
  if (form.customFieldSlugs !== null) change.customFieldSlugs = words(form.customFieldSlugs);
  if (form.ownerField !== null) change.ownerField = words(form.ownerField)[0] ?? null;
  if (form.ownerField !== null && words(form.ownerField).length > 1) {
    return { ok: false, problems: [{ field: 'ownerField', message: 'must be one custom field slug' }] };
  }
  const checked = checkWorkspaceSettings(DEFAULT_WORKSPACE_SETTINGS, change);
  return checked.ok ? { ok: true, change } : { ok: false, problems: checked.problems };
}

/** Saves a checked change as the workspace's settings; what was saved, or what is wrong. */
export function saveWorkspaceSettings(
  ctx: Pick<FeatureContext, 'tenant'>,
  admin: WorkspaceSettingsAdmin,
  change: Partial<Record<SettingsField, unknown>>,
  by: string,
): Promise<SettingsCheck> {
  return admin.saveSettings({ tenantId: ctx.tenant.id, change, by });
}

/**
 * Ids and slugs from what people paste: commas, spaces or new lines between them; Slack's mention syntax
 * (`<@U123|ada>`, `<#C123|ops>`, `<!subteam^S123|@ops>`) reduced to its id.
 */
function words(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((word) => word.replace(/^<[@#]|^<!subteam\^|[|>].*$/g, '').trim())
    .filter((word) => word !== '');
}
