/**
 * The polling plan: polls fit what the budget leaves them after the webhook reserve, at 90 %; when they need more,
 * routine cadences stretch by one factor (each keeps its share) and urgent ones only when urgent polls alone exceed
 * it; a shortfall is flagged so it can be said out loud.
 */
import { describe, expect, it } from 'vitest';
import { planPolling } from '../../../src/jobs/index.js';

const budget = { budgetPerMinute: 50, reservePerMinute: 5, webhookPerMinute: 0 };

describe('the polling plan', () => {
  it('stretches nothing while the polls needed fit: 500 shipments of 100 near arrival need about 8 a minute', () => {
    const plan = planPolling({ ...budget, urgentPerMinute: 0, routinePerMinute: 100 / 15 + 400 / 360 });
    expect(plan).toMatchObject({ urgentStretch: 1, routineStretch: 1, shortfall: false });
    expect(plan.capacityPerMinute).toBeCloseTo(40.5, 5);
  });

  it('stretches routine cadences in proportion when 2,000 near-arrival shipments need 133 polls a minute', () => {
    const urgent = 200 / 15;
    const routine = 1800 / 15;
    const plan = planPolling({ ...budget, urgentPerMinute: urgent, routinePerMinute: routine });
    expect(plan.urgentStretch).toBe(1);
    expect(plan.shortfall).toBe(true);
    // What routine polls then use is exactly what is left: the plan's capacity less the urgent polls.
    expect(urgent + routine / plan.routineStretch).toBeCloseTo(plan.capacityPerMinute, 6);
    expect(plan.neededPerMinute).toBeCloseTo(urgent + routine, 6);
  });

  it('stretches urgent cadences last, only when urgent polls alone exceed the budget, and keeps routine ones alive', () => {
    const plan = planPolling({ ...budget, urgentPerMinute: 81, routinePerMinute: 10 });
    expect(plan.urgentStretch).toBeCloseTo(2, 6);
    expect(Number.isFinite(plan.routineStretch)).toBe(true);
    expect(10 / plan.routineStretch).toBeCloseTo(plan.capacityPerMinute * 0.05, 6);
  });

  it('yields to webhook work beyond the reserve, up to half the budget', () => {
    expect(
      planPolling({ ...budget, webhookPerMinute: 15, urgentPerMinute: 0, routinePerMinute: 0 })
        .capacityPerMinute,
    ).toBeCloseTo(31.5, 6);
    expect(
      planPolling({ ...budget, webhookPerMinute: 90, urgentPerMinute: 0, routinePerMinute: 0 })
        .capacityPerMinute,
    ).toBeCloseTo(22.5, 6);
  });
});
