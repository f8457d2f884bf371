/**
 * A watched shipment's attention and polling class after a reading (docs/domain-rules.md#attention-tiers): its tier
 * by the one rule in `domain/`, read on card time, with the instant it next changes turned into wall time (when the
 * sweep must look again); urgent tiers are polled in the urgent class; the cadence of its phase before any stretching
 * is what the polling plan sums.
 */
import { attentionOf, isUrgentTier } from '../domain/attention/index.js';
import { type ShipmentSnapshot, type WatchPhase, watchPhase } from '../domain/changes/index.js';
import type { ShipmentAttention } from '../store/index.js';
import { type WatchClocks, wallTimeOf } from './watch-clocks.js';
import type { WatchConfig } from './watch-config.js';

export interface ReadAttention {
  attention: ShipmentAttention;
  phase: WatchPhase;
}

export function shipmentAttention(
  snapshot: ShipmentSnapshot,
  clocks: WatchClocks,
  config: Pick<WatchConfig, 'cadenceMs' | 'workingWeek'>,
): ReadAttention {
  const cardNow = clocks.clock.now().getTime();
  const { tier, changesAt } = attentionOf(snapshot, cardNow, config.workingWeek);
  const phase = watchPhase(snapshot, cardNow);
  return {
    phase,
    attention: {
      tier,
      tierUntil: changesAt === null ? null : wallTimeOf(clocks, changesAt),
      urgent: isUrgentTier(tier),
      pollEveryMs: config.cadenceMs[phase],
    },
  };
}
