/** The outcome of a policy check. `reason` is written for the person who was refused, and is shown to them only. */
export type PolicyDecision =
  /** `userTeamId`: the writer's own workspace, for the write's log line (attribution). */
  { allowed: true; userTeamId?: string } | { allowed: false; code: DenialCode; reason: string };

export type DenialCode = 'channel_not_allowed' | 'guest' | 'outsider' | 'not_editor' | 'lookup_failed';
