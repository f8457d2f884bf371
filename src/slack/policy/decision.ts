/** The outcome of a policy check. `reason` is written for the person who was refused, and is shown to them only. */
export type PolicyDecision = { allowed: true } | { allowed: false; code: DenialCode; reason: string };

export type DenialCode = 'channel_not_allowed' | 'guest' | 'not_editor' | 'lookup_failed';
