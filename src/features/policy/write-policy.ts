/**
 * Who may change tracking data from Slack (or any chat the People port answers for). Default: every full member of the installing workspace (or of its
 * Enterprise Grid organisation); guests (single- or multi-channel) only read, and so does anyone from another
 * organisation in a shared channel (Slack Connect: a stranger, or a member of another workspace). The tenant's
 * `editors` (SHIPWATCH_EDITORS in single-workspace mode) narrow writes to the listed users (U…/W…) and members of the listed user groups (S…). Writes also need
 * read access to the channel. When Slack cannot tell us who someone is, or which workspace installed us, the answer
 * is no (fail closed): a write refused by mistake can be retried, one allowed by mistake cannot be undone.
 */

import type { TenantSettings } from '../../tenancy/index.js';
import type { PolicyDecision } from './decision.js';
import type { Member, People } from './people.js';
import { checkReadPermission } from './read-policy.js';

export interface WriteRequest {
  userId: string;
  teamId: string | null;
  channelId: string | null;
  /** The action id or view id being performed (for the log line). */
  action: string;
  /**
   * What the write changes, in the words a refusal uses ("change {what}"): tracking data by default; Shipwatch's
   * own state for watching ("what this channel is told about watched shipments").
   */
  what?: string;
}

/** What most writes change. */
export const TRACKING_DATA = 'tracking data';

/** The workspace (and organisation) that installed the bot: auth.test's team_id and enterprise_id. */
export interface HomeWorkspace {
  teamId: string | null;
  enterpriseId: string | null;
}

export interface WritePolicyDeps {
  settings: Pick<TenantSettings, 'editors' | 'channels'>;
  /** Who people are (guest, member, admin) and who is in which group: the chat platform's answer. */
  people: People;
  /** Null while the bot has not yet learnt who installed it (auth.test has not succeeded). */
  home: () => HomeWorkspace | null;
}

export async function checkWritePermission(
  request: WriteRequest,
  deps: WritePolicyDeps,
): Promise<PolicyDecision> {
  const read = checkReadPermission(request, deps);
  if (!read.allowed) return read;
  const what = request.what ?? TRACKING_DATA;

  const editors = deps.settings.editors;
  if (editors.length > 0 && !(await isEditor(request, editors, deps))) {
    return {
      allowed: false,
      code: 'not_editor',
      reason: `Only the people set up as Shipwatch editors can change ${what} here. Ask one of them, or ask an admin to add you.`,
    };
  }

  let member: Member;
  try {
    member = await deps.people.member(request.teamId, request.userId);
  } catch {
    return LOOKUP_FAILED;
  }
  const home = deps.home();
  if (home === null) return LOOKUP_FAILED;
  const team = member.teamId ? { userTeamId: member.teamId } : {};
  if (member.stranger || !sameOrganisation(member, home)) {
    return {
      allowed: false,
      code: 'outsider',
      reason: `Only members of the workspace Shipwatch is installed in can change ${what}. People from other organisations in a shared channel can look at cards, not change them.`,
      ...team,
    };
  }
  if (member.guest) {
    return {
      allowed: false,
      code: 'guest',
      reason: `Guests can look at Shipwatch cards but can't change ${what}. Ask a full member of the workspace to do it.`,
      ...team,
    };
  }
  return { allowed: true, ...team };
}

const LOOKUP_FAILED: PolicyDecision = {
  allowed: false,
  code: 'lookup_failed',
  reason: "I couldn't check your Slack account just now, so nothing was changed. Try again in a minute.",
};

/**
 * Same workspace, or (Enterprise Grid) the same organisation. A person whose team Slack did not report is judged by
 * the rest: not a stranger, and the workspace is not known to differ.
 */
function sameOrganisation(member: Member, home: HomeWorkspace): boolean {
  if (home.enterpriseId !== null && member.enterpriseId === home.enterpriseId) return true;
  return member.teamId === null || member.teamId === home.teamId;
}

export async function isEditor(
  request: WriteRequest,
  editors: readonly string[],
  deps: WritePolicyDeps,
): Promise<boolean> {
  if (editors.includes(request.userId)) return true;
  for (const id of editors) {
    if (!id.startsWith('S')) continue;
    try {
      const members = await deps.people.groupMembers(request.teamId, id);
      if (members.has(request.userId)) return true;
    } catch {
      // An unreadable group grants nothing; the other entries may still match.
    }
  }
  return false;
}
