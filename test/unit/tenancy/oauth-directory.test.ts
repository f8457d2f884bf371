/**
 * The OAuth tenant directory: each workspace (or organisation) resolves to its own installation's token, the account
 * of the key its admins connected (a client per account, made with that key), and its own settings; without a key,
 * no account at all — never another workspace's key, never the simulator — except the one team SHIPWATCH_DEFAULT_TEAM
 * names, which may use TRACKING_API_KEY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import type { Store } from '../../../src/store/index.js';
import { createAccountClients } from '../../../src/tenancy/account-clients.js';
import { keyFingerprint } from '../../../src/tenancy/fingerprint.js';
import { createOAuthDirectory, type OAuthDirectory } from '../../../src/tenancy/oauth-directory.js';
import { createSecretBox } from '../../../src/tenancy/secret-box.js';
import { saveWorkspaceSettings } from '../../../src/tenancy/workspace-settings.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';
import {
  installThroughSlack,
  replicaOf,
  TEST_OAUTH,
  testBox,
  testTime,
} from '../../helpers/oauth/installations.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { orgGrant, workspaceGrant } from '../../helpers/slack/install-grants.js';
import { embeddedHarness, type StoreHarness } from '../store/helpers/stores.js';

const time = testTime();
const box = testBox();
const ENV_KEY = 'ENV-TRACKING-KEY-1';

let harness: StoreHarness;
let store: Store;
let slack: FakeSlackApi;
let directory: OAuthDirectory;
const made: Array<{ id: string; apiKey: string }> = [];
const logLines: string[] = [];

async function install(grant: Parameters<typeof installThroughSlack>[1]): Promise<void> {
  await replicaOf(store, slack, time, 'installer').sealed.storeInstallation(
    await installThroughSlack(slack, grant, time),
  );
}

async function connect(tenantId: string, apiKey: string): Promise<string> {
  const account = await store.accounts.bind(
    tenantId,
    { fingerprint: keyFingerprint(apiKey), keyCiphertext: box.seal(apiKey, 'terminal49-key') },
    time.now(),
  );
  directory.invalidate(tenantId);
  return account.id;
}

beforeAll(async () => {
  harness = embeddedHarness();
  store = await harness.open();
  slack = await startFakeSlackApi({ oauth: { ...TEST_OAUTH, now: time.now } });
  const replica = replicaOf(store, slack, time, 'directory');
  directory = createOAuthDirectory({
    authorizer: replica.authorizer,
    store,
    box,
    clients: createAccountClients((account) => {
      made.push(account);
      return { ...createFakeTracking().client, close: async () => {} };
    }),
    defaultTeam: { tenantId: 'T0DEFAULT', apiKey: ENV_KEY },
    now: time.now,
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
  });
  for (const team of ['T0ALPHA', 'T0BETA', 'T0GAMMA', 'T0DEFAULT', 'T0OTHER', 'T0SETTINGS', 'T0BROKEN']) {
    await install(workspaceGrant(team));
  }
  await install(orgGrant('E0GRID'));
});
afterAll(async () => {
  await slack?.close();
  await harness?.dispose();
});

describe('the OAuth tenant directory', () => {
  it("gives a workspace its own installation's token, and no account until a key is connected", async () => {
    const tenant = await directory.resolve({ teamId: 'T0ALPHA', enterpriseId: null });
    expect(tenant).toMatchObject({ id: 'T0ALPHA', teamId: 'T0ALPHA', enterpriseId: null, account: null });
    expect(tenant?.botToken).toBe(slack.oauth?.currentToken('T0ALPHA'));
  });

  it('gives each workspace the account of the key it connected, with a client made with that key', async () => {
    const alpha = await connect('T0ALPHA', 'KEY-ALPHA');
    const beta = await connect('T0BETA', 'KEY-BETA');
    const [a, b] = await Promise.all([
      directory.resolve({ teamId: 'T0ALPHA', enterpriseId: null }),
      directory.resolve({ teamId: 'T0BETA', enterpriseId: null }),
    ]);
    expect([a?.account?.id, b?.account?.id]).toEqual([alpha, beta]);
    expect(a?.account?.tracking).not.toBe(b?.account?.tracking);
    expect(made).toEqual(
      expect.arrayContaining([
        { id: alpha, apiKey: 'KEY-ALPHA' },
        { id: beta, apiKey: 'KEY-BETA' },
      ]),
    );
  });

  it('makes the same key connected by two workspaces one account with one client', async () => {
    const alpha = await connect('T0GAMMA', 'KEY-ALPHA');
    const [a, g] = await Promise.all([
      directory.resolve({ teamId: 'T0ALPHA', enterpriseId: null }),
      directory.resolve({ teamId: 'T0GAMMA', enterpriseId: null }),
    ]);
    expect(g?.account?.id).toBe(alpha);
    expect(g?.account?.tracking).toBe(a?.account?.tracking);
    expect((await directory.forAccount(alpha)).map((tenant) => tenant.id)).toEqual(['T0ALPHA', 'T0GAMMA']);
  });

  it('serves two workspaces of an organisation from its org-wide install as one tenant, and records them', async () => {
    const [one, two] = await Promise.all([
      directory.resolve({ teamId: 'T0GRIDONE', enterpriseId: 'E0GRID', isEnterpriseInstall: true }),
      directory.resolve({ teamId: 'T0GRIDTWO', enterpriseId: 'E0GRID' }),
    ]);
    expect([one?.id, two?.id]).toEqual(['E0GRID', 'E0GRID']);
    expect(one).toMatchObject({ teamId: null, enterpriseId: 'E0GRID' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.tenants.teamsOf('E0GRID')).toEqual(['T0GRIDONE', 'T0GRIDTWO']);
  });

  it('lets only the team SHIPWATCH_DEFAULT_TEAM names use TRACKING_API_KEY', async () => {
    const chosen = await directory.resolve({ teamId: 'T0DEFAULT', enterpriseId: null });
    const other = await directory.resolve({ teamId: 'T0OTHER', enterpriseId: null });
    expect(chosen?.account).not.toBeNull();
    expect(made).toContainEqual({ id: chosen?.account?.id, apiKey: ENV_KEY });
    expect(other?.account).toBeNull();
  });

  it("reads each workspace's own settings, defaults until its admins save some", async () => {
    const before = await directory.resolve({ teamId: 'T0SETTINGS', enterpriseId: null });
    expect(before?.settings).toEqual({ editors: [], channels: [], customFieldSlugs: [], ownerField: null });
    const saved = await saveWorkspaceSettings(store, {
      tenantId: 'T0SETTINGS',
      change: { editors: ['U0BOSS', 'S0OPS'], channels: ['C0OPS'], ownerField: 'owner' },
      by: 'U0ADMIN',
      now: time.now(),
    });
    expect(saved.ok).toBe(true);
    directory.invalidate('T0SETTINGS');
    const after = await directory.resolve({ teamId: 'T0SETTINGS', enterpriseId: null });
    const other = await directory.resolve({ teamId: 'T0OTHER', enterpriseId: null });
    expect(after?.settings).toEqual({
      editors: ['U0BOSS', 'S0OPS'],
      channels: ['C0OPS'],
      customFieldSlugs: [],
      ownerField: 'owner',
    });
    expect(other?.settings.editors).toEqual([]);
  });

  it('refuses settings it cannot use, saying which', async () => {
    const refused = await saveWorkspaceSettings(store, {
      tenantId: 'T0SETTINGS',
      change: { channels: ['#general'], editors: 'U1' },
      by: 'U0ADMIN',
      now: time.now(),
    });
    expect(refused.ok ? [] : refused.problems.map((problem) => problem.field)).toEqual([
      'editors',
      'channels',
    ]);
  });

  it('gives no account, and says why without the key, when a stored key cannot be opened', async () => {
    const stranger = createSecretBox({ key: Buffer.alloc(32, 0x01) });
    await store.accounts.bind(
      'T0BROKEN',
      {
        fingerprint: keyFingerprint('KEY-BROKEN'),
        keyCiphertext: stranger.seal('KEY-BROKEN', 'terminal49-key'),
      },
      time.now(),
    );
    const tenant = await directory.resolve({ teamId: 'T0BROKEN', enterpriseId: null });
    expect(tenant?.account).toBeNull();
    const line = logLines.find((entry) => entry.includes('cannot be opened'));
    expect(line).toContain('secret_key_unknown');
    expect(logLines.join('\n')).not.toContain('KEY-BROKEN');
  });

  it('resolves nothing for a workspace Shipwatch is not installed in', async () => {
    expect(await directory.resolve({ teamId: 'T0NOTHERE', enterpriseId: null })).toBeNull();
  });
});
