/**
 * The workspace (or organisation) that installed the bot for a tenant (the write policy's "members only"): an
 * installed tenant names its own team or organisation; the configured one learns it from who the bot is (auth.test),
 * and has none until that is known.
 */
import type { Tenant } from '../../tenancy/index.js';
import type { HomeWorkspace } from './write-policy.js';

export function homeWorkspaceOf(
  tenant: Pick<Tenant, 'teamId' | 'enterpriseId'>,
  configuredBot: HomeWorkspace | null,
): HomeWorkspace | null {
  if (tenant.teamId !== null || tenant.enterpriseId !== null) {
    return { teamId: tenant.teamId, enterpriseId: tenant.enterpriseId };
  }
  return configuredBot ? { teamId: configuredBot.teamId, enterpriseId: configuredBot.enterpriseId } : null;
}
