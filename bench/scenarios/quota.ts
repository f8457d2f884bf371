/** Placeholder; replaced below once the simulator's rate limiter is readable. */
import type { Scenario } from '../lib/scenario.js';

export const quotaScenario: Scenario = {
  id: 'quota',
  title: 'Quota: a burst beyond the API rate limit',
  method: 'pending',
  async run() {
    await import('../../src/simulator/index.js');
    return { table: null, figures: {}, checks: [] };
  },
};
