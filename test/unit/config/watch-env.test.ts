/** The environment for watched shipments: the webhook secret, the polling cadence and the background budget. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env.js';

const MINUTE = 60_000;

describe('watching configuration', () => {
  it('polls by default at the documented cadence, within half the account’s quota, with no webhook route', () => {
    const { watch } = loadConfig({});
    expect(watch).toEqual({
      webhookSecret: null,
      pollCadenceMs: { far: 360 * MINUTE, near: 15 * MINUTE, detention: 720 * MINUTE, done: null },
      pollBudgetPerMinute: 50,
    });
  });

  it('follows TRACKING_API_RATE_LIMIT for the budget unless SHIPWATCH_POLL_BUDGET says otherwise', () => {
    expect(loadConfig({ TRACKING_API_RATE_LIMIT: '300' }).watch.pollBudgetPerMinute).toBe(150);
    expect(loadConfig({ SHIPWATCH_POLL_BUDGET: '20' }).watch.pollBudgetPerMinute).toBe(20);
  });

  it('reads SHIPWATCH_POLL_CADENCE and the webhook secret', () => {
    const config = loadConfig({
      SHIPWATCH_POLL_CADENCE: 'near=5m,done=1d',
      TRACKING_WEBHOOK_SECRET: ' s3cret ',
    });
    expect(config.watch.pollCadenceMs.near).toBe(5 * MINUTE);
    expect(config.watch.pollCadenceMs.done).toBe(24 * 60 * MINUTE);
    expect(config.watch.webhookSecret).toBe('s3cret');
  });

  it('names the variable, never the value, when the cadence or the budget cannot be read', () => {
    expect(() => loadConfig({ SHIPWATCH_POLL_CADENCE: 'near=often' })).toThrowError(ConfigError);
    expect(() => loadConfig({ SHIPWATCH_POLL_CADENCE: 'near=often' })).toThrowError(
      /^SHIPWATCH_POLL_CADENCE /,
    );
    expect(() => loadConfig({ SHIPWATCH_POLL_BUDGET: 'lots' })).toThrowError(
      /^SHIPWATCH_POLL_BUDGET must be/,
    );
  });
});

describe('the demo book', () => {
  it('adds no generated shipments unless SHIPWATCH_SIMULATOR_BOOK asks, and names the variable when it cannot be read', () => {
    expect(loadConfig({}).tracking.simulatorBook).toBe(0);
    expect(loadConfig({ SHIPWATCH_SIMULATOR_BOOK: '2000' }).tracking.simulatorBook).toBe(2000);
    expect(() => loadConfig({ SHIPWATCH_SIMULATOR_BOOK: 'many' })).toThrowError(
      /^SHIPWATCH_SIMULATOR_BOOK must be/,
    );
    expect(() => loadConfig({ SHIPWATCH_SIMULATOR_BOOK: '50001' })).toThrowError(/^SHIPWATCH_SIMULATOR_BOOK/);
  });
});
