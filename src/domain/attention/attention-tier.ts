/**
 * What needs attention, as one ordered list of tiers (docs/domain-rules.md#attention-tiers). A container's tier comes
 * from its last free day read in the LFD's own zone, whether it is held at the terminal, and the vessel's arrival; a
 * shipment takes the most urgent tier of its containers. The scheduler polls the first four ("urgent") ahead of every
 * routine poll; `/shipwatch watching`, App Home and digests sort by the same order.
 *
 * Held after discharge ranks above "LFD within 3 days": a held box cannot be picked up whatever its LFD says, so it
 * needs someone now, and the urgent tiers are then exactly the first four.
 */
export const ATTENTION_TIERS = [
  'lfd_passed',
  'lfd_today',
  'lfd_next_working_day',
  'held_after_discharge',
  'lfd_within_3_days',
  'arriving_within_24h',
  'none',
] as const;

export type AttentionTier = (typeof ATTENTION_TIERS)[number];

/** The tiers whose polls go ahead of routine ones and stretch last when the budget falls short. */
const URGENT: ReadonlySet<AttentionTier> = new Set([
  'lfd_passed',
  'lfd_today',
  'lfd_next_working_day',
  'held_after_discharge',
]);

export function isUrgentTier(tier: AttentionTier): boolean {
  return URGENT.has(tier);
}

/**
 * The tiers that "need attention" in `/shipwatch watching`'s count ("2,000 shipments watched · 37 need attention"):
 * every named tier, urgent or not — `none` alone does not.
 */
export const NEEDS_ATTENTION: readonly AttentionTier[] = ATTENTION_TIERS.filter((tier) => tier !== 'none');

/** 0 for the most urgent tier; sort ascending for most urgent first. */
export function tierRank(tier: AttentionTier): number {
  return ATTENTION_TIERS.indexOf(tier);
}

/** The more urgent of two tiers. */
export function moreUrgent(a: AttentionTier, b: AttentionTier): AttentionTier {
  return tierRank(a) <= tierRank(b) ? a : b;
}

/** A stored value read back: a tier, or null when it is not one (an older release, a hand edit). */
export function readTier(value: unknown): AttentionTier | null {
  return typeof value === 'string' && (ATTENTION_TIERS as readonly string[]).includes(value)
    ? (value as AttentionTier) // SAFETY: checked against the list just above.
    : null;
}

const WORDS: Readonly<Record<AttentionTier, string | null>> = {
  lfd_passed: 'LFD passed',
  lfd_today: 'LFD today',
  lfd_next_working_day: 'LFD next working day',
  held_after_discharge: 'held after discharge',
  lfd_within_3_days: 'LFD within 3 days',
  arriving_within_24h: 'arriving within 24 h',
  none: null,
};

/** Plain words for a tier ("LFD today"); null for `none`. */
export function tierWords(tier: AttentionTier): string | null {
  return WORDS[tier];
}
