/**
 * Each workspace's policy settings in OAuth mode (docs/oauth.md, "Workspace settings"): who may write (`editors`),
 * where the bot answers (`channels`), the custom fields "Set custom field" offers, and the custom field that mirrors
 * an alert's owner. Stored per tenant, edited later by the workspace's admins; until then, the defaults (everyone,
 * everywhere, every field, no owner field). The environment's SHIPWATCH_* values apply in single-workspace mode only.
 * Reading is lenient (a value the current code cannot read falls back to its default); saving checks every value and
 * says which is wrong.
 */
import type { Store } from '../store/index.js';
import type { TenantSettings } from './tenant.js';

export interface WorkspaceSettings extends TenantSettings {
  readonly editors: readonly string[];
  readonly channels: readonly string[];
  readonly customFieldSlugs: readonly string[];
  readonly ownerField: string | null;
}

export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = Object.freeze({
  editors: Object.freeze([]),
  channels: Object.freeze([]),
  customFieldSlugs: Object.freeze([]),
  ownerField: null,
});

const EDITOR = /^[UWS][A-Z0-9]{2,}$/;
const CHANNEL = /^[CGD][A-Z0-9]{2,}$/;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export type SettingsField = keyof WorkspaceSettings;

export type SettingsCheck =
  | { ok: true; settings: WorkspaceSettings }
  | { ok: false; problems: Array<{ field: SettingsField; message: string }> };

function strings(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
}

/** The stored settings as the code uses them; anything unreadable falls back to its default. */
export function readWorkspaceSettings(stored: unknown): WorkspaceSettings {
  // SAFETY: a non-null object; every field is read with a type check.
  const value = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const list = (field: 'editors' | 'channels' | 'customFieldSlugs', pattern: RegExp) =>
    Object.freeze((strings(value[field]) ?? []).filter((item) => pattern.test(item)));
  return Object.freeze({
    editors: list('editors', EDITOR),
    channels: list('channels', CHANNEL),
    customFieldSlugs: list('customFieldSlugs', SLUG),
    ownerField: typeof value.ownerField === 'string' && SLUG.test(value.ownerField) ? value.ownerField : null,
  });
}

/** Checks new settings over `current`: each value given must be valid; what is not given stays. */
export function checkWorkspaceSettings(
  current: WorkspaceSettings,
  change: Partial<Record<SettingsField, unknown>>,
): SettingsCheck {
  const problems: Array<{ field: SettingsField; message: string }> = [];
  const list = (field: 'editors' | 'channels' | 'customFieldSlugs', pattern: RegExp, what: string) => {
    if (change[field] === undefined) return current[field];
    const items = strings(change[field]);
    const bad = items?.filter((item) => !pattern.test(item)) ?? null;
    if (items === null || (bad !== null && bad.length > 0)) {
      problems.push({ field, message: `must list ${what}` });
      return current[field];
    }
    return Object.freeze([...new Set(items)]);
  };
  const editors = list('editors', EDITOR, 'people and user groups (U…, W…, S… ids)');
  const channels = list('channels', CHANNEL, 'channel ids (C…, G…), not names');
  const customFieldSlugs = list('customFieldSlugs', SLUG, 'custom field slugs (lower case, digits, - and _)');
  let ownerField = current.ownerField;
  if (change.ownerField !== undefined) {
    if (
      change.ownerField === null ||
      (typeof change.ownerField === 'string' && SLUG.test(change.ownerField))
    ) {
      ownerField = change.ownerField;
    } else {
      problems.push({ field: 'ownerField', message: 'must be a custom field slug, or empty for none' });
    }
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, settings: Object.freeze({ editors, channels, customFieldSlugs, ownerField }) };
}

export async function loadWorkspaceSettings(
  store: Pick<Store, 'workspaceSettings'>,
  tenantId: string,
): Promise<WorkspaceSettings> {
  const stored = await store.workspaceSettings.get(tenantId);
  return stored ? readWorkspaceSettings(stored.settings) : DEFAULT_WORKSPACE_SETTINGS;
}

/**
 * Saves a change to a workspace's settings (what an admin's form submits): checked over the current settings, stored
 * with who changed them. The caller drops the tenant from its caches (`OAuthDirectory.invalidate`).
 */
export async function saveWorkspaceSettings(
  store: Pick<Store, 'workspaceSettings'>,
  input: { tenantId: string; change: Partial<Record<SettingsField, unknown>>; by: string; now: number },
): Promise<SettingsCheck> {
  const checked = checkWorkspaceSettings(await loadWorkspaceSettings(store, input.tenantId), input.change);
  if (checked.ok) await store.workspaceSettings.put(input.tenantId, checked.settings, input.by, input.now);
  return checked;
}
