/**
 * One structured log line per write attempt: who, where, what, on which target, and how it ended. Ids only — never
 * a token, never a submitted value (values can be personal data; the audit line in the thread records them).
 */
import type { Logger } from '../../logger.js';

export interface WriteLogEntry {
  userId: string;
  /** The workspace the request came from. */
  teamId: string | null;
  /** The writer's own workspace, when the policy learnt it (it differs for people from another organisation). */
  userTeamId?: string | null;
  channelId: string | null;
  action: string;
  target: string;
  /** ok | denied:<code> | failed:<error code> | duplicate */
  outcome: string;
}

export function logWrite(logger: Logger, entry: WriteLogEntry): void {
  const fields = {
    user: entry.userId,
    team: entry.teamId,
    ...(entry.userTeamId ? { userTeam: entry.userTeamId } : {}),
    channel: entry.channelId,
    action: entry.action,
    target: entry.target,
    outcome: entry.outcome,
  };
  if (entry.outcome === 'ok') logger.info('write', fields);
  else logger.warn('write', fields);
}
