/** The outcome of a policy check. `reason` is written for the person who was refused, and is shown to them only. */
export type PolicyDecision =
  /** `userTeamId`: the person's own workspace when Slack reported it, for the write's log line (attribution). */
  | { allowed: true; userTeamId?: string }
  | { allowed: false; code: DenialCode; reason: string; userTeamId?: string };

export type DenialCode =
  | 'channel_not_allowed'
  | 'guest'
  | 'outsider'
  | 'not_editor'
  | 'not_admin'
  | 'lookup_failed';
