/**
 * Who may change tracking data from Slack. Default: every full member of the workspace; guests (single- or
 * multi-channel) only read. `config.policy.editors` narrows writes to the listed users (U…/W…) and members of the
 * listed user groups (S…). Writes also need read access to the channel. When Slack cannot tell us who someone is,
 * the answer is no (fail closed): a write refused by mistake can be retried, one allowed by mistake cannot be undone.
 */
import type { Config } from '../../config/env.js';
import type { PolicyDecision } from './decision.js';
import type { DirectoryClient, MemberDirectory } from './member-directory.js';
import { checkReadPermission } from './read-policy.js';

export interface WriteRequest {
  userId: string;
  teamId: string | null;
  channelId: string | null;
  /** The action id or view id being performed (for the log line). */
  action: string;
}

export interface WritePolicyDeps {
  config: { policy: Config['policy'] };
  directory: MemberDirectory;
  client: DirectoryClient;
}

export async function checkWritePermission(
  request: WriteRequest,
  deps: WritePolicyDeps,
): Promise<PolicyDecision> {
  const read = checkReadPermission(request, deps);
  if (!read.allowed) return read;

  const editors = deps.config.policy.editors;
  if (editors.length > 0 && !(await isEditor(request, editors, deps))) {
    return {
      allowed: false,
      code: 'not_editor',
      reason:
        'Only the people set up as Shipwatch editors can change tracking data here. Ask one of them, or ask an admin to add you.',
    };
  }

  let guest: boolean;
  try {
    guest = await deps.directory.isGuest(deps.client, request.teamId, request.userId);
  } catch {
    return {
      allowed: false,
      code: 'lookup_failed',
      reason: "I couldn't check your Slack account just now, so nothing was changed. Try again in a minute.",
    };
  }
  if (guest) {
    return {
      allowed: false,
      code: 'guest',
      reason:
        "Guests can look at Shipwatch cards but can't change tracking data. Ask a full member of the workspace to do it.",
    };
  }
  return { allowed: true };
}

async function isEditor(
  request: WriteRequest,
  editors: readonly string[],
  deps: WritePolicyDeps,
): Promise<boolean> {
  if (editors.includes(request.userId)) return true;
  for (const id of editors) {
    if (!id.startsWith('S')) continue;
    try {
      const members = await deps.directory.groupMembers(deps.client, request.teamId, id);
      if (members.has(request.userId)) return true;
    } catch {
      // An unreadable group grants nothing; the other entries may still match.
    }
  }
  return false;
}
