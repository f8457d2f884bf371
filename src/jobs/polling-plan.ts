/**
 * How polls fit the API budget (README "Watching shipments", the budget; the arithmetic is the README's "Capacity").
 * Polls per minute needed = Σ 1 / cadence over the polled shipments. Polls may use the budget less a reserve kept
 * for webhook re-fetches (or what webhooks actually used, when more), and are planned at 90 % of that so a poll that
 * falls due finds a slot instead of a queue. When the need is larger, routine cadences are stretched by one factor
 * (every routine shipment keeps its share, in proportion to its cadence), and urgent ones only when urgent polls
 * alone exceed what polls may use. Pure: the caller measures, this decides.
 */

/** Polls are planned at this share of what they may use: headroom so a due poll is not queued. */
const PLANNED_UTILISATION = 0.9;
/** However short the budget, routine polls keep this share of what polls may use: slow, never stopped. */
const ROUTINE_FLOOR = 0.05;

export interface PollingPlanInput {
  /** Background requests per minute for the account (polls, webhook re-fetches, sweeps). */
  budgetPerMinute: number;
  /** Requests per minute kept for webhook re-fetches. */
  reservePerMinute: number;
  /** Webhook re-fetches per minute lately (when more than the reserve, polls yield the difference). */
  webhookPerMinute: number;
  urgentPerMinute: number;
  routinePerMinute: number;
}

export interface PollingPlan {
  /** Polls per minute the watched shipments need at their cadences. */
  neededPerMinute: number;
  budgetPerMinute: number;
  /** Polls per minute the plan allows itself. */
  capacityPerMinute: number;
  /** Cadence multipliers (1 = on time). */
  urgentStretch: number;
  routineStretch: number;
  /** The need exceeds what polls may use: said out loud. */
  shortfall: boolean;
}

export function planPolling(input: PollingPlanInput): PollingPlan {
  // Webhooks may take up to half the budget from polls; beyond that they compete with them for slots.
  const held = Math.min(Math.max(input.reservePerMinute, input.webhookPerMinute), input.budgetPerMinute / 2);
  const capacity = Math.max(0, input.budgetPerMinute - held) * PLANNED_UTILISATION;
  const urgent = Math.max(0, input.urgentPerMinute);
  const routine = Math.max(0, input.routinePerMinute);
  const urgentStretch = urgent > capacity && capacity > 0 ? urgent / capacity : 1;
  const urgentUses = urgent / urgentStretch;
  const routineRoom = Math.max(capacity - urgentUses, capacity * ROUTINE_FLOOR);
  const routineStretch = routine > routineRoom && routineRoom > 0 ? routine / routineRoom : 1;
  return {
    neededPerMinute: urgent + routine,
    budgetPerMinute: input.budgetPerMinute,
    capacityPerMinute: capacity,
    urgentStretch,
    routineStretch,
    shortfall: urgentStretch > 1 || routineStretch > 1,
  };
}
