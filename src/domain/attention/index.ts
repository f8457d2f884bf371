/** What needs attention, and when that changes: one rule for the scheduler, `/shipwatch watching`, Home and digests. */
export { type Attention, attentionOf, tierAt } from './attention.js';
export {
  ATTENTION_TIERS,
  type AttentionTier,
  isUrgentTier,
  moreUrgent,
  NEEDS_ATTENTION,
  readTier,
  tierRank,
  tierWords,
} from './attention-tier.js';
export {
  DEFAULT_WORKING_WEEK,
  nextWorkingDay,
  previousWorkingDay,
  type Weekday,
  type WorkingWeek,
  weekdayOf,
  workingWeekWith,
} from './working-week.js';
