/**
 * Tenants in OAuth mode, assembled from its configuration (docs/oauth.md, "Tenants"): each workspace reaches
 * Terminal49 with the key it connected and no other; a workspace without a key has no account — TRACKING_API_KEY
 * serves only the team SHIPWATCH_DEFAULT_TEAM names, and nothing falls back to the simulator; an org-wide install
 * serves its workspaces as one tenant.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { type OAuthWorld, startOAuthWorld } from '../../helpers/oauth/oauth-world.js';
import { orgGrant, workspaceGrant } from '../../helpers/slack/install-grants.js';

const KEYS = {
  one: 'FAKE-T49-KEY-ONE-1A2B3C',
  two: 'FAKE-T49-KEY-TWO-4D5E6F',
  env: 'FAKE-T49-KEY-ENV-7G8H9J',
};
const SHIPMENT = DEMO.shipments.slippedEta.id;

let world: OAuthWorld;
afterEach(async () => {
  await world?.stop();
});

async function start(env: Record<string, string> = {}): Promise<void> {
  world = await startOAuthWorld({
    env,
    keys: { [KEYS.one]: DEMO.apiKeys.full, [KEYS.two]: DEMO.apiKeys.readonly, [KEYS.env]: DEMO.apiKeys.full },
  });
}

/** The keys the tracking API saw for what `run` asked. */
async function keysSeenFor(run: () => Promise<unknown>): Promise<string[]> {
  const before = world.proxy?.keys.length ?? 0;
  await run();
  return [...new Set((world.proxy?.keys ?? []).slice(before).map(String))];
}

describe('tenants in OAuth mode', () => {
  it('lets each workspace reach Terminal49 with its own key and no other', async () => {
    await start();
    for (const [team, key] of [
      ['T0ONE', KEYS.one],
      ['T0TWO', KEYS.two],
    ] as const) {
      expect((await world.install(workspaceGrant(team))).status).toBe(200);
      expect((await world.setup.connect({ tenantId: team, apiKey: key })).kind).toBe('connected');
    }
    const one = await world.setup.directory.resolve({ teamId: 'T0ONE', enterpriseId: null });
    const two = await world.setup.directory.resolve({ teamId: 'T0TWO', enterpriseId: null });
    expect(one?.account?.id).not.toBe(two?.account?.id);
    expect(await keysSeenFor(() => one!.account!.tracking.getShipment(SHIPMENT))).toEqual([KEYS.one]);
    expect(await keysSeenFor(() => two!.account!.tracking.getShipment(SHIPMENT))).toEqual([KEYS.two]);
  });

  it('gives a workspace without a key no account, and TRACKING_API_KEY to nobody without SHIPWATCH_DEFAULT_TEAM', async () => {
    await start({ TRACKING_API_KEY: KEYS.env });
    expect((await world.install(workspaceGrant('T0KEYLESS'))).status).toBe(200);
    const tenant = await world.setup.directory.resolve({ teamId: 'T0KEYLESS', enterpriseId: null });
    expect(tenant?.account).toBeNull();
    expect(world.proxy?.keys ?? []).not.toContain(KEYS.env);
  });

  it('lets the team SHIPWATCH_DEFAULT_TEAM names use TRACKING_API_KEY, and no other', async () => {
    await start({ TRACKING_API_KEY: KEYS.env, SHIPWATCH_DEFAULT_TEAM: 'T0CHOSEN' });
    for (const team of ['T0CHOSEN', 'T0NOTCHOSEN'])
      expect((await world.install(workspaceGrant(team))).status).toBe(200);
    const chosen = await world.setup.directory.resolve({ teamId: 'T0CHOSEN', enterpriseId: null });
    const other = await world.setup.directory.resolve({ teamId: 'T0NOTCHOSEN', enterpriseId: null });
    expect(other?.account).toBeNull();
    expect(await keysSeenFor(() => chosen!.account!.tracking.getShipment(SHIPMENT))).toEqual([KEYS.env]);
  });

  it('serves two workspaces of an organisation from its org-wide install, with the key the organisation connected', async () => {
    await start();
    expect((await world.install(orgGrant('E0ORGWIDE'))).status).toBe(200);
    expect((await world.setup.connect({ tenantId: 'E0ORGWIDE', apiKey: KEYS.one })).kind).toBe('connected');
    const [a, b] = await Promise.all(
      ['T0WSA', 'T0WSB'].map((teamId) =>
        world.setup.directory.resolve({ teamId, enterpriseId: 'E0ORGWIDE', isEnterpriseInstall: true }),
      ),
    );
    expect([a?.id, b?.id]).toEqual(['E0ORGWIDE', 'E0ORGWIDE']);
    expect(a?.account?.tracking).toBe(b?.account?.tracking);
    expect(await keysSeenFor(() => b!.account!.tracking.getShipment(SHIPMENT))).toEqual([KEYS.one]);
  });
});
