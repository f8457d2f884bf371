/**
 * Installations as @slack/oauth's InstallationStore sees them, sealed in the store, and the authorizer Bolt asks on
 * every request: cached per tenant so a cached tenant's ack waits on no I/O, and dropped when the tenant changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallationTable, Store } from '../../../src/store/index.js';
import { TenancyError } from '../../../src/tenancy/errors.js';
import {
  installThroughSlack,
  type Replica,
  replicaOf,
  TEST_OAUTH,
  type TestTime,
  testTime,
} from '../../helpers/oauth/installations.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { orgGrant, workspaceGrant } from '../../helpers/slack/install-grants.js';
import { embeddedHarness, type StoreHarness } from '../store/helpers/stores.js';

const HOUR = 3600_000;

let harness: StoreHarness;
let store: Store;
let slack: FakeSlackApi;
let time: TestTime;

beforeAll(async () => {
  time = testTime();
  harness = embeddedHarness();
  store = await harness.open();
  slack = await startFakeSlackApi({ oauth: { ...TEST_OAUTH, now: time.now } });
});
afterAll(async () => {
  await slack?.close();
  await harness?.dispose();
});

/** A replica whose installation reads are counted. */
function countingReplica(owner: string, cacheMs?: number): Replica & { reads: () => number } {
  let reads = 0;
  const installations: InstallationTable = {
    ...store.installations,
    get: (tenantId) => {
      reads += 1;
      return store.installations.get(tenantId);
    },
  };
  const replica = replicaOf({ ...store, installations }, slack, time, owner, cacheMs ? { cacheMs } : {});
  return { ...replica, reads: () => reads };
}

describe('the installation store', () => {
  it('keeps a workspace install under its team id, sealed: no token in clear', async () => {
    const replica = replicaOf(store, slack, time, 'p');
    const installation = await installThroughSlack(slack, workspaceGrant('T0SEALED'), time);
    await replica.sealed.storeInstallation(installation);
    const row = await store.installations.get('T0SEALED');
    expect(row).toMatchObject({ tenantId: 'T0SEALED', teamId: 'T0SEALED', isEnterpriseInstall: false });
    expect(row?.secretCiphertext).not.toContain(installation.bot?.token ?? 'missing');
    expect(
      await replica.sealed.fetchInstallation({
        teamId: 'T0SEALED',
        enterpriseId: undefined,
        isEnterpriseInstall: false,
      }),
    ).toEqual(installation);
  });

  it('keeps an org-wide install under its enterprise id, and finds it for any workspace of the organisation', async () => {
    const replica = replicaOf(store, slack, time, 'p');
    await replica.sealed.storeInstallation(await installThroughSlack(slack, orgGrant('E0ORG'), time));
    expect(await store.installations.get('E0ORG')).toMatchObject({ teamId: null, enterpriseId: 'E0ORG' });
    const found = await replica.sealed.fetchInstallation({
      teamId: 'T0INORG',
      enterpriseId: 'E0ORG',
      isEnterpriseInstall: false,
    });
    expect(found.isEnterpriseInstall).toBe(true);
  });

  it('answers installation_missing for a workspace nobody installed, and deletes an installation on request', async () => {
    const replica = replicaOf(store, slack, time, 'p');
    const query = { teamId: 'T0GONE', enterpriseId: undefined, isEnterpriseInstall: false } as const;
    await replica.sealed.storeInstallation(await installThroughSlack(slack, workspaceGrant('T0GONE'), time));
    await replica.sealed.deleteInstallation?.(query);
    const failure = await replica.sealed.fetchInstallation(query).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TenancyError);
    expect((failure as TenancyError).code).toBe('installation_missing');
  });
});

describe('the authorizer', () => {
  it('answers a cached tenant without reading the store', async () => {
    await replicaOf(store, slack, time, 'p').sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant('T0CACHED'), time),
    );
    const replica = countingReplica('cached');
    const first = await replica.authorizer.authorize({ teamId: 'T0CACHED', enterpriseId: null });
    const reads = replica.reads();
    const again = await Promise.all(
      Array.from({ length: 20 }, () =>
        replica.authorizer.authorize({ teamId: 'T0CACHED', enterpriseId: null }),
      ),
    );
    expect(first).toMatchObject({ tenantId: 'T0CACHED', botUserId: 'U0BOTT0CACHED', teamId: 'T0CACHED' });
    expect(again.every((answer) => answer?.botToken === first?.botToken)).toBe(true);
    expect(replica.reads()).toBe(reads);
  });

  it('lets concurrent requests for an uncached tenant share one lookup', async () => {
    await replicaOf(store, slack, time, 'p').sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant('T0BURST'), time),
    );
    const replica = countingReplica('burst');
    await Promise.all(
      Array.from({ length: 10 }, () =>
        replica.authorizer.authorize({ teamId: 'T0BURST', enterpriseId: null }),
      ),
    );
    expect(replica.reads()).toBe(1);
  });

  it('reads the installation again once invalidated (a re-install brought a new token)', async () => {
    const installer = replicaOf(store, slack, time, 'p');
    await installer.sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant('T0AGAIN'), time),
    );
    const replica = countingReplica('again');
    const before = await replica.authorizer.authorize({ teamId: 'T0AGAIN', enterpriseId: null });
    await installer.sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant('T0AGAIN'), time),
    );
    replica.authorizer.invalidate('T0AGAIN');
    const after = await replica.authorizer.authorize({ teamId: 'T0AGAIN', enterpriseId: null });
    expect(after?.botToken).not.toBe(before?.botToken);
    expect(after?.botToken).toBe(slack.oauth?.currentToken('T0AGAIN'));
  });

  it('serves two workspaces of an organisation from its org-wide install, each cached after one lookup', async () => {
    await replicaOf(store, slack, time, 'p').sealed.storeInstallation(
      await installThroughSlack(slack, orgGrant('E0SERVES'), time),
    );
    const replica = countingReplica('org');
    const keys = [
      { teamId: 'T0ORGONE', enterpriseId: 'E0SERVES' },
      { teamId: 'T0ORGTWO', enterpriseId: 'E0SERVES' },
      { teamId: 'T0ORGTWO', enterpriseId: 'E0SERVES', isEnterpriseInstall: true },
    ];
    const answers = await Promise.all(keys.map((key) => replica.authorizer.authorize(key)));
    expect(answers.map((answer) => answer?.tenantId)).toEqual(['E0SERVES', 'E0SERVES', 'E0SERVES']);
    const reads = replica.reads();
    await Promise.all(keys.map((key) => replica.authorizer.authorize(key)));
    expect(replica.reads()).toBe(reads);
    replica.authorizer.invalidate('E0SERVES');
    await replica.authorizer.authorize(keys[0]!);
    expect(replica.reads()).toBeGreaterThan(reads);
  });

  it('answers null for a workspace with no installation', async () => {
    const replica = countingReplica('none');
    expect(await replica.authorizer.authorize({ teamId: 'T0NOBODY', enterpriseId: 'E0NOBODY' })).toBeNull();
  });

  it('stops using a cached rotating token before its refresh window opens', async () => {
    const start = time.now();
    await replicaOf(store, slack, time, 'p').sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant('T0WINDOW', { rotation: true }), time),
    );
    const replica = countingReplica('window', 24 * HOUR);
    const key = { teamId: 'T0WINDOW', enterpriseId: null };
    await replica.authorizer.authorize(key);
    const reads = replica.reads();
    // 12 h tokens, a 2 h window and a 5 min margin: used from the cache until 9 h 55 min, read again after.
    time.advance(9 * HOUR + 54 * 60_000 - (time.now() - start));
    await replica.authorizer.authorize(key);
    expect(replica.reads()).toBe(reads);
    time.advance(2 * 60_000);
    await replica.authorizer.authorize(key);
    expect(replica.reads()).toBe(reads + 1);
  });
});
