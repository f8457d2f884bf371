/**
 * Uninstalling (docs/oauth.md, "Uninstalling"), with OAuth mode assembled from its configuration: installs through
 * the browser flow, keys connected against the simulator, Slack's events handed to Bolt. `app_uninstalled` and a
 * revoked bot token delete everything of that workspace — tokens, key, watches, cards registry, settings — and nothing
 * of another; a re-install starts fresh; an organisation's uninstall removes what its workspaces wrote.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import type { Store } from '../../../src/store/index.js';
import { createWebhooksApi } from '../../../src/tracking/webhooks-api.js';
import { slackSays } from '../../helpers/oauth/installations.js';
import { eventEnvelope, type OAuthWorld, startOAuthWorld } from '../../helpers/oauth/oauth-world.js';
import { orgGrant, workspaceGrant } from '../../helpers/slack/install-grants.js';

let world: OAuthWorld;

beforeEach(async () => {
  world = await startOAuthWorld();
});
afterEach(async () => {
  await world?.stop();
});

/** A watch with its card and channel settings, as a workspace leaves them. */
async function watchSomething(store: Store, teamId: string): Promise<void> {
  await store.watching.watches.create({
    teamId,
    channelId: 'C1',
    shipmentId: `shp-${teamId}`,
    shipmentNumber: 'COSU6312345670',
    cardTs: '1.1',
    threadTs: null,
    createdBy: 'U1',
    createdAt: 0,
    state: 'active',
    pausedReason: null,
    etaTold: null,
    tier: null,
    tierUntil: null,
    updatedAt: 0,
  });
  await store.cards.record({
    teamId,
    channelId: 'C1',
    messageTs: '1.1',
    threadTs: null,
    kind: 'shipment',
    subjectId: `shp-${teamId}`,
    isPrivate: false,
    renderedVersion: null,
    postedAt: 0,
    updatedAt: 0,
  });
}

async function leftOf(teamId: string) {
  const { store } = world;
  return {
    installation: await store.installations.get(teamId),
    account: await store.accounts.forTenant(teamId),
    watch: await store.watching.watches.get(teamId, 'C1', `shp-${teamId}`),
    card: await store.cards.get(teamId, 'C1', '1.1'),
    settings: await store.workspaceSettings.get(teamId),
  };
}

async function twoConnectedWorkspaces(): Promise<void> {
  for (const [team, key] of [
    ['T0LEAVING', DEMO.apiKeys.full],
    ['T0STAYING', DEMO.apiKeys.readonly],
  ] as const) {
    expect((await world.install(workspaceGrant(team))).status).toBe(200);
    expect((await world.setup.connect({ tenantId: team, apiKey: key })).kind).toBe('connected');
    expect(
      (await world.setup.saveSettings({ tenantId: team, change: { editors: ['U0BOSS'] }, by: 'U0ADMIN' })).ok,
    ).toBe(true);
    await watchSomething(world.store, team);
    expect(
      (await world.setup.directory.resolve({ teamId: team, enterpriseId: null }))?.account,
    ).not.toBeNull();
  }
}

const webhookUrls = async () =>
  (await createWebhooksApi({ baseUrl: world.apiUrl, apiKey: DEMO.apiKeys.full }).list()).map(
    (webhook) => webhook.url,
  );

describe('uninstalling', () => {
  it("deletes everything of a workspace that uninstalls Shipwatch, and nothing of another's", async () => {
    await twoConnectedWorkspaces();
    const leavingAccount = (await world.store.accounts.forTenant('T0LEAVING'))?.id ?? '';

    world.slack.oauth?.revoke('T0LEAVING');
    await world.event(eventEnvelope({ type: 'app_uninstalled' }, { teamId: 'T0LEAVING' }));

    expect(await leftOf('T0LEAVING')).toEqual({
      installation: null,
      account: null,
      watch: null,
      card: null,
      settings: null,
    });
    expect(await world.store.accounts.get(leavingAccount)).toBeNull();
    expect(await world.setup.directory.resolve({ teamId: 'T0LEAVING', enterpriseId: null })).toBeNull();
    expect((await webhookUrls()).some((url) => url.endsWith(`/${leavingAccount}`))).toBe(false);

    const staying = await leftOf('T0STAYING');
    expect(Object.values(staying).every((row) => row !== null)).toBe(true);
    const tenant = await world.setup.directory.resolve({ teamId: 'T0STAYING', enterpriseId: null });
    expect(tenant?.account?.id).toBe(staying.account?.id);
    expect(await slackSays(world.slack, tenant?.botToken ?? '')).toBe('ok:T0STAYING');
  });

  it('stops a workspace whose bot token Slack revoked, and no other', async () => {
    await twoConnectedWorkspaces();
    world.slack.oauth?.revoke('T0LEAVING');
    await world.event(
      eventEnvelope({ type: 'tokens_revoked', tokens: { bot: ['U0BOTT0LEAVING'] } }, { teamId: 'T0LEAVING' }),
    );
    expect(await world.setup.directory.resolve({ teamId: 'T0LEAVING', enterpriseId: null })).toBeNull();
    expect((await leftOf('T0LEAVING')).watch).toBeNull();
    const staying = await world.setup.directory.resolve({ teamId: 'T0STAYING', enterpriseId: null });
    expect(await slackSays(world.slack, staying?.botToken ?? '')).toBe('ok:T0STAYING');
    expect((await leftOf('T0STAYING')).watch).not.toBeNull();
  });

  it('keeps everything when only user tokens were revoked', async () => {
    await twoConnectedWorkspaces();
    await world.event(
      eventEnvelope({ type: 'tokens_revoked', tokens: { oauth: ['U0SOMEONE'] } }, { teamId: 'T0LEAVING' }),
    );
    expect(Object.values(await leftOf('T0LEAVING')).every((row) => row !== null)).toBe(true);
  });

  it('keeps an account another workspace still uses', async () => {
    await twoConnectedWorkspaces();
    expect((await world.setup.connect({ tenantId: 'T0STAYING', apiKey: DEMO.apiKeys.full })).kind).toBe(
      'connected',
    );
    const shared = (await world.store.accounts.forTenant('T0LEAVING'))?.id ?? '';
    await world.event(eventEnvelope({ type: 'app_uninstalled' }, { teamId: 'T0LEAVING' }));
    expect((await world.store.accounts.forTenant('T0STAYING'))?.id).toBe(shared);
    expect((await webhookUrls()).some((url) => url.endsWith(`/${shared}`))).toBe(true);
  });

  it('lets a re-install start fresh: no key, default settings', async () => {
    await twoConnectedWorkspaces();
    await world.event(eventEnvelope({ type: 'app_uninstalled' }, { teamId: 'T0LEAVING' }));
    expect((await world.install(workspaceGrant('T0LEAVING'))).status).toBe(200);
    const tenant = await world.setup.directory.resolve({ teamId: 'T0LEAVING', enterpriseId: null });
    expect(tenant?.account).toBeNull();
    expect(tenant?.settings.editors).toEqual([]);
    expect((await world.store.installations.get('T0LEAVING'))?.version).toBe(1);
  });

  it('removes what the workspaces of an organisation wrote when the organisation uninstalls', async () => {
    expect((await world.install(orgGrant('E0LEAVES'))).status).toBe(200);
    for (const team of ['T0ORGA', 'T0ORGB']) {
      expect(
        (
          await world.setup.directory.resolve({
            teamId: team,
            enterpriseId: 'E0LEAVES',
            isEnterpriseInstall: true,
          })
        )?.id,
      ).toBe('E0LEAVES');
      await watchSomething(world.store, team);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    await world.event(
      eventEnvelope(
        { type: 'app_uninstalled' },
        { teamId: 'T0ORGA', enterpriseId: 'E0LEAVES', orgWide: true },
      ),
    );
    expect(await world.store.installations.get('E0LEAVES')).toBeNull();
    expect((await leftOf('T0ORGA')).watch).toBeNull();
    expect((await leftOf('T0ORGB')).card).toBeNull();
  });
});
