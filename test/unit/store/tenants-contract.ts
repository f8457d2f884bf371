/**
 * The tenant part of the store contract (migration 6), as one suite run against both backends (tenants-embedded.test.ts,
 * tenants-postgres.test.ts): installations keyed by team or organisation, the refresh lease that lets one process at
 * a time refresh a rotating token, workspace settings, forgetting a tenant on uninstall, and the sealed values a key
 * rotation re-seals. Two stores on one database stand for two replicas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallationInput, Store } from '../../../src/store/index.js';
import type { StoreHarness } from './helpers/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const MINUTE = 60_000;
let counter = 0;
const fresh = (prefix: string) =>
  `${prefix}${++counter}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

function workspaceInstall(teamId: string, overrides: Partial<InstallationInput> = {}): InstallationInput {
  return {
    tenantId: teamId,
    teamId,
    enterpriseId: null,
    isEnterpriseInstall: false,
    botUserId: 'U0BOT',
    botId: 'B0BOT',
    secretCiphertext: `sealed-${teamId}`,
    expiresAt: null,
    ...overrides,
  };
}

/** Everything a workspace leaves in the store as it is used: a watch, its change, settings, a card, a member. */
async function useWorkspace(store: Store, teamId: string): Promise<void> {
  const key = { teamId, channelId: 'C1', shipmentId: `shp-${teamId}` };
  await store.watching.watches.create({
    ...key,
    shipmentNumber: 'COSU6312345670',
    cardTs: '1767225600.000100',
    threadTs: null,
    createdBy: 'U1',
    createdAt: T0,
    state: 'active',
    pausedReason: null,
    etaTold: null,
    tier: null,
    tierUntil: null,
    updatedAt: T0,
  });
  await store.watching.changes.record(key, [{ key: 'eta', change: { eta: 'later' } }], T0);
  await store.watching.alerts.containers.set({
    ...key,
    containerId: 'box-1',
    state: 'done',
    until: null,
    setBy: 'U1',
    setAt: T0,
  });
  await store.watching.alerts.owners.set({ teamId, shipmentId: key.shipmentId, userId: 'U1', setAt: T0 });
  await store.subscriptions.create({
    id: `sub-${teamId}`,
    teamId,
    channelId: 'C1',
    accountId: 'acct-1',
    filter: 'tag:acme',
    terms: [{ kind: 'tag', value: 'acme' }],
    createdBy: 'U1',
    createdAt: T0,
    matched: 3,
    sweptAt: T0,
  });
  await store.watching.settings.put({
    teamId,
    channelId: 'C1',
    settings: { broadcast: true },
    updatedBy: 'U1',
    updatedAt: T0,
  });
  await store.cards.record({
    teamId,
    channelId: 'C1',
    messageTs: '1767225600.000100',
    threadTs: null,
    kind: 'shipment',
    subjectId: `shp-${teamId}`,
    isPrivate: false,
    renderedVersion: null,
    postedAt: T0,
    updatedAt: T0,
  });
  await store.members.put(teamId, 'U1', { name: 'ada' }, T0 + 60 * MINUTE);
}

async function workspaceRows(store: Store, teamId: string) {
  return {
    watch: await store.watching.watches.get(teamId, 'C1', `shp-${teamId}`),
    changes: await store.watching.changes.pending({ teamId, channelId: 'C1', shipmentId: `shp-${teamId}` }),
    settings: await store.watching.settings.get(teamId, 'C1'),
    card: await store.cards.get(teamId, 'C1', '1767225600.000100'),
    member: await store.members.get(teamId, 'U1', T0),
    subscription: await store.subscriptions.get(`sub-${teamId}`),
    alerts: await store.watching.alerts.containers.list({
      teamId,
      channelId: 'C1',
      shipmentId: `shp-${teamId}`,
    }),
    owner: await store.watching.alerts.owners.get(teamId, `shp-${teamId}`),
  };
}

export function describeTenantContract(name: string, makeHarness: () => StoreHarness): void {
  describe(`tenant store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;
    let replica: Store;

    beforeAll(async () => {
      harness = makeHarness();
      store = await harness.open();
      replica = await harness.open();
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    describe('installations', () => {
      it('keeps a workspace install under its team id, as version 1', async () => {
        const team = fresh('T');
        const stored = await store.installations.put(workspaceInstall(team), T0);
        expect(stored).toEqual({
          ...workspaceInstall(team),
          version: 1,
          installedAt: T0,
          updatedAt: T0,
        });
        expect(await replica.installations.get(team)).toEqual(stored);
      });

      it('keeps an org-wide install, which has no team, under its enterprise id', async () => {
        const org = fresh('E');
        await store.installations.put(
          {
            tenantId: org,
            teamId: null,
            enterpriseId: org,
            isEnterpriseInstall: true,
            botUserId: 'U0BOT',
            botId: 'B0BOT',
            secretCiphertext: 'sealed-org',
            expiresAt: T0 + 12 * 60 * MINUTE,
          },
          T0,
        );
        expect(await store.installations.get(org)).toMatchObject({
          tenantId: org,
          teamId: null,
          enterpriseId: org,
          isEnterpriseInstall: true,
          expiresAt: T0 + 12 * 60 * MINUTE,
        });
      });

      it('replaces an installation on re-install with the next version, keeping when it was first installed', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team), T0);
        const again = await store.installations.put(
          workspaceInstall(team, { secretCiphertext: 'sealed-again', botUserId: 'U0NEW' }),
          T0 + MINUTE,
        );
        expect(again).toMatchObject({
          secretCiphertext: 'sealed-again',
          botUserId: 'U0NEW',
          version: 2,
          installedAt: T0,
          updatedAt: T0 + MINUTE,
        });
      });

      it('removes an installation, and says whether there was one', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team), T0);
        expect(await store.installations.remove(team)).toBe(true);
        expect(await store.installations.remove(team)).toBe(false);
        expect(await store.installations.get(team)).toBeNull();
      });
    });

    describe('the refresh lease', () => {
      const lease = { leaseMs: MINUTE, now: T0 };

      it('goes to exactly one of many processes asking at once', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team, { expiresAt: T0 }), T0);
        const asks = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            (i % 2 === 0 ? store : replica).installations.leaseRefresh(team, { ...lease, owner: `p${i}` }),
          ),
        );
        expect(asks.filter((record) => record !== null)).toHaveLength(1);
        expect(asks.find((record) => record !== null)?.version).toBe(1);
      });

      it('lets the holder store the refreshed installation as the next version, and frees the lease', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team, { expiresAt: T0 }), T0);
        expect(await store.installations.leaseRefresh(team, { ...lease, owner: 'a' })).not.toBeNull();
        const refreshed = await store.installations.completeRefresh(
          team,
          'a',
          { secretCiphertext: 'sealed-refreshed', expiresAt: T0 + 720 * MINUTE },
          T0 + 1,
        );
        expect(refreshed).toMatchObject({ secretCiphertext: 'sealed-refreshed', version: 2 });
        expect(
          await replica.installations.leaseRefresh(team, { ...lease, owner: 'b', now: T0 + 2 }),
        ).toMatchObject({ version: 2 });
      });

      it('changes nothing for a process that no longer holds the lease', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team, { expiresAt: T0 }), T0);
        await store.installations.leaseRefresh(team, { ...lease, owner: 'a' });
        expect(
          await store.installations.leaseRefresh(team, { ...lease, owner: 'b', now: T0 + 1 }),
        ).toBeNull();
        // The lease expired: b takes it, and a's late answer is dropped.
        expect(
          await replica.installations.leaseRefresh(team, { ...lease, owner: 'b', now: T0 + MINUTE }),
        ).not.toBeNull();
        expect(
          await store.installations.completeRefresh(
            team,
            'a',
            { secretCiphertext: 'late', expiresAt: null },
            T0 + MINUTE,
          ),
        ).toBeNull();
        expect((await store.installations.get(team))?.secretCiphertext).toBe(`sealed-${team}`);
      });

      it('is freed without a change when the holder gives up', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team), T0);
        await store.installations.leaseRefresh(team, { ...lease, owner: 'a' });
        expect(await store.installations.completeRefresh(team, 'a', null, T0 + 1)).toMatchObject({
          version: 1,
        });
        expect(
          await replica.installations.leaseRefresh(team, { ...lease, owner: 'b', now: T0 + 2 }),
        ).not.toBeNull();
      });

      it('is dropped by a re-install', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team), T0);
        await store.installations.leaseRefresh(team, { ...lease, owner: 'a' });
        await store.installations.put(workspaceInstall(team, { secretCiphertext: 'reinstalled' }), T0 + 1);
        expect(await store.installations.completeRefresh(team, 'a', null, T0 + 2)).toBeNull();
      });
    });

    describe('workspace settings', () => {
      it('reads nothing until set, then the last settings with who set them', async () => {
        const team = fresh('T');
        expect(await store.workspaceSettings.get(team)).toBeNull();
        await store.workspaceSettings.put(team, { editors: ['U1'] }, 'U9', T0);
        await replica.workspaceSettings.put(team, { editors: ['U2'], channels: ['C1'] }, 'U8', T0 + 1);
        expect(await store.workspaceSettings.get(team)).toEqual({
          settings: { editors: ['U2'], channels: ['C1'] },
          updatedBy: 'U8',
          updatedAt: T0 + 1,
        });
      });
    });

    describe('forgetting a tenant', () => {
      it('deletes everything of the workspace and nothing of another', async () => {
        const [gone, stays] = [fresh('T'), fresh('T')];
        for (const team of [gone, stays]) {
          await store.installations.put(workspaceInstall(team), T0);
          await store.workspaceSettings.put(team, { editors: [] }, null, T0);
          await store.accounts.bind(
            team,
            { fingerprint: fresh('fp'), keyCiphertext: `sealed-key-${team}` },
            T0,
          );
          await useWorkspace(store, team);
        }
        const account = await store.accounts.forTenant(gone);

        const forgotten = await replica.tenants.forget(gone);

        expect(forgotten.removed).toMatchObject({
          watches: 1,
          watchChanges: 1,
          containerAlerts: 1,
          shipmentOwners: 1,
          channelSettings: 1,
          subscriptions: 1,
          cards: 1,
          members: 1,
          installations: 1,
          workspaceSettings: 1,
          accountBindings: 1,
          accounts: 1,
        });
        expect(forgotten.orphanedAccount).toEqual(account);
        expect(await workspaceRows(store, gone)).toEqual({
          watch: null,
          changes: [],
          settings: null,
          card: null,
          member: null,
          subscription: null,
          alerts: [],
          owner: null,
        });
        expect(await store.installations.get(gone)).toBeNull();
        expect(await store.workspaceSettings.get(gone)).toBeNull();
        expect(await store.accounts.forTenant(gone)).toBeNull();
        expect(await store.accounts.get(account?.id ?? '')).toBeNull();

        const kept = await workspaceRows(store, stays);
        expect(Object.values(kept).every((row) => row !== null)).toBe(true);
        expect(kept.changes).toHaveLength(1);
        expect(kept.alerts).toHaveLength(1);
        expect(await store.installations.get(stays)).not.toBeNull();
        expect(await store.accounts.forTenant(stays)).not.toBeNull();
      });

      it('keeps an account another workspace still uses, with its key', async () => {
        const [gone, stays] = [fresh('T'), fresh('T')];
        const shared = { fingerprint: fresh('fp'), keyCiphertext: 'sealed-shared-key' };
        const account = await store.accounts.bind(gone, shared, T0);
        await store.accounts.bind(stays, shared, T0);
        const forgotten = await store.tenants.forget(gone);
        expect(forgotten.orphanedAccount).toBeNull();
        expect(await store.accounts.forTenant(stays)).toEqual(account);
        expect(await store.accounts.tenantsOf(account.id)).toEqual([stays]);
      });

      it('deletes what the workspaces of an organisation wrote under their own team ids', async () => {
        const org = fresh('E');
        const [first, second, outside] = [fresh('T'), fresh('T'), fresh('T')];
        await store.installations.put(
          workspaceInstall(org, { teamId: null, enterpriseId: org, isEnterpriseInstall: true }),
          T0,
        );
        await store.tenants.noteTeam(org, first, T0);
        await replica.tenants.noteTeam(org, second, T0);
        await store.tenants.noteTeam(org, first, T0 + 1);
        expect(await store.tenants.teamsOf(org)).toEqual([first, second].sort());
        for (const team of [first, second, outside]) await useWorkspace(store, team);

        const forgotten = await store.tenants.forget(org);

        expect(forgotten.removed).toMatchObject({ watches: 2, cards: 2, installations: 1, tenantTeams: 2 });
        expect((await workspaceRows(store, first)).watch).toBeNull();
        expect((await workspaceRows(store, second)).card).toBeNull();
        expect((await workspaceRows(store, outside)).watch).not.toBeNull();
        expect(await store.tenants.teamsOf(org)).toEqual([]);
      });

      it('lets a re-install start fresh', async () => {
        const team = fresh('T');
        await store.installations.put(workspaceInstall(team), T0);
        await store.installations.put(workspaceInstall(team), T0 + 1);
        await store.tenants.forget(team);
        expect((await store.installations.put(workspaceInstall(team), T0 + 2)).version).toBe(1);
        expect(await store.accounts.forTenant(team)).toBeNull();
      });

      it('forgets a tenant it never knew without complaint', async () => {
        const forgotten = await store.tenants.forget(fresh('T'));
        expect(forgotten.orphanedAccount).toBeNull();
        expect(Object.values(forgotten.removed).every((count) => count === 0)).toBe(true);
      });
    });

    describe('removing a key', () => {
      it("deletes the account's key and webhook, keeping the account to be found again by the same key", async () => {
        const team = fresh('T');
        const fingerprint = fresh('fp');
        const account = await store.accounts.bind(team, { fingerprint, keyCiphertext: 'sealed-key' }, T0);
        await store.accounts.setWebhook(account.id, { id: 'wh9', secretCiphertext: 'sealed-secret' }, T0);
        await store.accounts.unbind(team);
        await replica.accounts.clearCredentials(account.id, T0 + 1);
        expect(await store.accounts.get(account.id)).toMatchObject({
          keyCiphertext: null,
          webhookId: null,
          webhookSecretCiphertext: null,
          updatedAt: T0 + 1,
        });
        const again = await store.accounts.bind(team, { fingerprint, keyCiphertext: 'sealed-again' }, T0 + 2);
        expect(again.id).toBe(account.id);
      });
    });

    describe('sealed values', () => {
      it('lists every sealed key, webhook secret and installation, and replaces one only while unchanged', async () => {
        const team = fresh('T');
        const account = await store.accounts.bind(
          team,
          { fingerprint: fresh('fp'), keyCiphertext: 'k1' },
          T0,
        );
        await store.accounts.setWebhook(account.id, { id: 'wh1', secretCiphertext: 's1' }, T0);
        await store.installations.put(workspaceInstall(team, { secretCiphertext: 'i1' }), T0);

        const values = (await replica.sealed.list()).filter(
          (value) => value.rowId === account.id || value.rowId === team,
        );
        expect(values).toEqual([
          { column: 'accounts.key_ciphertext', rowId: account.id, ciphertext: 'k1' },
          { column: 'accounts.webhook_secret_ciphertext', rowId: account.id, ciphertext: 's1' },
          { column: 'installations', rowId: team, ciphertext: 'i1' },
        ]);
        for (const value of values)
          expect(await replica.sealed.replace(value, `${value.ciphertext}-new`)).toBe(true);
        expect(await replica.sealed.replace(values[0]!, 'stale-write')).toBe(false);
        expect(await store.accounts.get(account.id)).toMatchObject({
          keyCiphertext: 'k1-new',
          webhookSecretCiphertext: 's1-new',
        });
        expect((await store.installations.get(team))?.secretCiphertext).toBe('i1-new');
      });
    });
  });
}
