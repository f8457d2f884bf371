/**
 * Which tenant a request belongs to (docs/oauth.md, "Tenants"): an org-wide install serves every workspace of its
 * Enterprise Grid organisation and is keyed by the enterprise id (it has no team); any other install is keyed by its
 * team id. A request from a workspace of an organisation looks for the workspace's own install first, then for its
 * organisation's — Slack does not always mark a request as coming through an org-wide install.
 */
import type { TenantKey } from './tenant.js';

/** The tenant ids to look for, in order. */
export function tenantCandidates(key: TenantKey): string[] {
  if (key.isEnterpriseInstall && key.enterpriseId) return [key.enterpriseId];
  return [key.teamId, key.enterpriseId].filter((id): id is string => typeof id === 'string' && id !== '');
}

/** The tenant id of an installation: its organisation's for an org-wide install, else its team's; null when neither. */
export function tenantIdOf(installation: {
  isEnterpriseInstall?: boolean;
  team?: { id: string } | undefined;
  enterprise?: { id: string } | undefined;
}): string | null {
  if (installation.isEnterpriseInstall) return installation.enterprise?.id || null;
  return installation.team?.id || null;
}
