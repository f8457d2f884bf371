/**
 * Single-workspace mode: every request resolves to the environment's tenant, whose Terminal49 account is a stored row.
 * Replacing TRACKING_API_KEY keeps the account (and so its quota and what hangs on it); the account's client spends
 * the quota kept under the account's id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/env.js';
import { createSingleWorkspaceTenancy, ENV_TENANT_ID, keyFingerprint } from '../../../src/tenancy/index.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';
import { embeddedHarness } from '../store/helpers/stores.js';

const config = loadConfig({
  SLACK_BOT_TOKEN: 'xoxb-single',
  SLACK_SIGNING_SECRET: 'secret',
  SHIPWATCH_EDITORS: 'U0ED',
});

describe('the environment’s tenant', () => {
  const harness = embeddedHarness();
  afterEach(async () => harness.dispose());

  async function tenancyFor(apiKey: string, built: string[] = []) {
    const store = await harness.open();
    return createSingleWorkspaceTenancy({
      config,
      apiKey,
      store,
      now: Date.parse('2026-03-01T00:00:00Z'),
      trackingFor: (accountId): TrackingClient => {
        built.push(accountId);
        return createFakeTracking().client;
      },
    });
  }

  it('is what every workspace, team or none, resolves to, with the environment’s policy', async () => {
    const tenancy = await tenancyFor('key-one');
    expect(tenancy.resolve({ teamId: 'T1', enterpriseId: null })).toBe(tenancy.tenant);
    expect(tenancy.resolve({ teamId: null, enterpriseId: 'E1' })).toBe(tenancy.tenant);
    expect(tenancy.tenant).toMatchObject({ id: ENV_TENANT_ID, botToken: 'xoxb-single' });
    expect(tenancy.tenant.settings.editors).toEqual(['U0ED']);
  });

  it("uses a stored account whose first id is the key's fingerprint, and builds its client under that id", async () => {
    const built: string[] = [];
    const tenancy = await tenancyFor('key-one', built);
    expect(tenancy.tenant.account?.id).toBe(keyFingerprint('key-one'));
    expect(built).toEqual([keyFingerprint('key-one')]);
    expect(await tenancy.forAccount(keyFingerprint('key-one'))).toEqual([tenancy.tenant]);
    expect(await tenancy.forAccount('another')).toEqual([]);
  });

  it('keeps the account when TRACKING_API_KEY is replaced', async () => {
    const before = await tenancyFor('key-one');
    const after = await tenancyFor('key-two');
    expect(after.tenant.account?.id).toBe(before.tenant.account?.id);
  });
});
