/**
 * Who may change Shipwatch itself for a workspace in OAuth mode — connect, replace or remove its Terminal49 key, change
 * its settings: the workspace's admins and owners, and the people its settings list as editors. Everyone else, guests
 * and people from other organisations first of all, is refused with whom to ask (docs/oauth.md, "Connecting a key").
 */
import type { PolicyDecision } from './decision.js';
import { checkWritePermission, isEditor, type WritePolicyDeps, type WriteRequest } from './write-policy.js';

export async function checkAdminPermission(
  request: WriteRequest,
  deps: WritePolicyDeps,
): Promise<PolicyDecision> {
  // A member of the home workspace first (not a guest, not from another organisation), wherever they ask from.
  const member = await checkWritePermission(request, { ...deps, settings: { editors: [], channels: [] } });
  if (!member.allowed) return member;
  const editors = deps.settings.editors;
  if (editors.length > 0 && (await isEditor(request, editors, deps))) return member;
  try {
    if ((await deps.people.member(request.teamId, request.userId)).admin) return member;
  } catch {
    return {
      allowed: false,
      code: 'lookup_failed',
      reason: "I couldn't check your Slack account just now. Try again in a minute.",
    };
  }
  return {
    allowed: false,
    code: 'not_admin',
    reason: `Only a workspace admin${editors.length > 0 ? ' or a Shipwatch editor' : ''} can ${request.what ? `change ${request.what}` : 'connect or change the Terminal49 account'}. Ask one of them.`,
  };
}
