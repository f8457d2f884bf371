/**
 * Whether a person may open a form that edits something, asked before the form is shown (the write is checked again
 * on Save): anyone the write policy allows, or the workspace's admins (its Terminal49 account). A refusal is logged
 * as the refused attempt it is, and no API call follows.
 */
import type { Logger } from '../../logger.js';
import type { Tenant } from '../../tenancy/index.js';
import { checkAdminPermission } from './admin-policy.js';
import type { PolicyDecision } from './decision.js';
import type { People } from './people.js';
import { logWrite } from './write-log.js';
import { checkWritePermission, type HomeWorkspace } from './write-policy.js';

export interface EditRequest {
  userId: string;
  teamId: string | null;
  channelId: string | null;
  action: string;
  target: string;
  tenant: Tenant;
  /** Who may: anyone the write policy allows (default), or the workspace's admins (its Terminal49 account). */
  policy?: 'write' | 'admin';
  /** What is changed, in a refusal's words. */
  what?: string;
}

export async function mayEdit(
  deps: { logger: Logger; people: People; home: (tenant: Tenant) => HomeWorkspace | null },
  edit: EditRequest,
): Promise<PolicyDecision> {
  const { userId, teamId, channelId } = edit;
  const check = edit.policy === 'admin' ? checkAdminPermission : checkWritePermission;
  const decision = await check(
    { userId, teamId, channelId, action: edit.action, ...(edit.what ? { what: edit.what } : {}) },
    { settings: edit.tenant.settings, people: deps.people, home: () => deps.home(edit.tenant) },
  );
  if (!decision.allowed) {
    logWrite(deps.logger, {
      userId,
      teamId,
      channelId,
      action: edit.action,
      target: edit.target,
      outcome: `denied:${decision.code}`,
    });
  }
  return decision;
}
