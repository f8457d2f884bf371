/**
 * Connecting a workspace's Terminal49 key (docs/oauth.md, "Connecting a key"), against the embedded simulator over
 * HTTP: checked before it is saved, saved sealed, one account per key across workspaces, the account kept when the
 * key is replaced, the account's webhook registered with its secret sealed (or polling said when the account cannot
 * have webhooks), and removable.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectAccount } from '../../../src/features/connect/connect-account.js';
import { disconnectAccount } from '../../../src/features/connect/disconnect-account.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { createWebhooksApi } from '../../../src/tracking/webhooks-api.js';
import { type ConnectWorld, connectWorld, PUBLIC_URL } from '../../helpers/oauth/connect-world.js';

let world: ConnectWorld;

beforeEach(async () => {
  world = await connectWorld();
});
afterEach(async () => {
  await world?.stop();
});

const connect = (tenantId: string, apiKey: string) => connectAccount({ tenantId, apiKey }, world.deps);
const webhooksAtSimulator = () =>
  createWebhooksApi({ baseUrl: world.apiUrl, apiKey: DEMO.apiKeys.full }).list();

describe('connecting a Terminal49 key', () => {
  it('checks the key against the API first, and saves nothing when Terminal49 refuses it', async () => {
    expect(await connect('T0ALPHA', 'not-a-terminal49-key')).toEqual({ kind: 'rejected' });
    expect(await world.store.accounts.forTenant('T0ALPHA')).toBeNull();
    expect(world.changed).toEqual([]);
  });

  it('refuses what cannot be a key without asking the API', async () => {
    const before = world.simulator.requests.length;
    for (const input of ['', '   ', 'two words here', 'x'.repeat(300)]) {
      expect(await connect('T0ALPHA', input)).toEqual({ kind: 'invalid' });
    }
    expect(world.simulator.requests.length).toBe(before);
  });

  it('saves nothing when the API cannot be reached to check the key', async () => {
    const deps = {
      ...world.deps,
      checkKey: async () => ({ kind: 'unreachable' as const, detail: 'ECONNREFUSED' }),
    };
    expect(await connectAccount({ tenantId: 'T0ALPHA', apiKey: DEMO.apiKeys.full }, deps)).toEqual({
      kind: 'unreachable',
    });
    expect(await world.store.accounts.forTenant('T0ALPHA')).toBeNull();
  });

  it("stores the key sealed, and registers the account's own webhook with its secret sealed", async () => {
    const outcome = await connect('T0ALPHA', ` ${DEMO.apiKeys.full} `);
    if (outcome.kind !== 'connected') throw new Error(`not connected: ${outcome.kind}`);
    const url = `${PUBLIC_URL}/webhooks/terminal49/${outcome.accountId}`;
    expect(outcome).toMatchObject({ replaced: false, sharedWith: 0, webhook: { kind: 'registered', url } });
    const account = await world.store.accounts.get(outcome.accountId);
    expect(account?.keyCiphertext).not.toContain(DEMO.apiKeys.full);
    expect(world.deps.box.open(account?.keyCiphertext ?? '', 'terminal49-key')).toBe(DEMO.apiKeys.full);
    const registered = (await webhooksAtSimulator()).find((webhook) => webhook.url === url);
    expect(registered?.id).toBe(account?.webhookId);
    expect(world.deps.box.open(account?.webhookSecretCiphertext ?? '', 'webhook-secret')).toBe(
      registered?.secret,
    );
    expect(account?.webhookSecretCiphertext).not.toContain(registered?.secret ?? 'missing');
    expect(world.changed).toEqual(['T0ALPHA']);
  });

  it('makes the same key connected by two workspaces one account, and a different key another', async () => {
    const alpha = await connect('T0ALPHA', DEMO.apiKeys.full);
    const beta = await connect('T0BETA', DEMO.apiKeys.full);
    const gamma = await connect('T0GAMMA', DEMO.apiKeys.readonly);
    if (alpha.kind !== 'connected' || beta.kind !== 'connected' || gamma.kind !== 'connected') {
      throw new Error('not connected');
    }
    expect(beta.accountId).toBe(alpha.accountId);
    expect(beta.sharedWith).toBe(1);
    expect(gamma.accountId).not.toBe(alpha.accountId);
    expect(await world.store.accounts.tenantsOf(alpha.accountId)).toEqual(['T0ALPHA', 'T0BETA']);
    // The shared account's webhook is registered once.
    const urls = (await webhooksAtSimulator()).map((webhook) => webhook.url);
    expect(urls.filter((url) => url.endsWith(alpha.accountId))).toHaveLength(1);
  });

  it('keeps the account, and the watches on it, when a workspace replaces its key', async () => {
    const first = await connect('T0ALPHA', DEMO.apiKeys.full);
    await world.store.watching.watches.create({
      teamId: 'T0ALPHA',
      channelId: 'C1',
      shipmentId: 'shp-1',
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
    const second = await connect('T0ALPHA', DEMO.apiKeys.noRouting);
    if (first.kind !== 'connected' || second.kind !== 'connected') throw new Error('not connected');
    expect(second).toMatchObject({ accountId: first.accountId, replaced: true });
    const account = await world.store.accounts.get(first.accountId);
    expect(world.deps.box.open(account?.keyCiphertext ?? '', 'terminal49-key')).toBe(DEMO.apiKeys.noRouting);
    expect(await world.store.watching.watches.get('T0ALPHA', 'C1', 'shp-1')).not.toBeNull();
  });

  it('says the account cannot have webhooks (403) and that Shipwatch will poll, and still connects', async () => {
    const outcome = await connect('T0ALPHA', DEMO.apiKeys.noWebhooks);
    expect(outcome).toMatchObject({ kind: 'connected', webhook: { kind: 'not_entitled' } });
    const account = await world.store.accounts.forTenant('T0ALPHA');
    expect(account).toMatchObject({ webhookId: null, webhookSecretCiphertext: null });
    expect(account?.keyCiphertext).not.toBeNull();
  });
});

describe('removing a key', () => {
  it('deletes the key and the webhook when no other workspace uses the account, which the same key finds again', async () => {
    const outcome = await connect('T0ALPHA', DEMO.apiKeys.full);
    if (outcome.kind !== 'connected') throw new Error('not connected');
    world.changed.length = 0;
    expect(await disconnectAccount({ tenantId: 'T0ALPHA' }, world.deps)).toEqual({
      kind: 'disconnected',
      accountId: outcome.accountId,
      stillUsedBy: 0,
    });
    expect(await world.store.accounts.forTenant('T0ALPHA')).toBeNull();
    expect(await world.store.accounts.get(outcome.accountId)).toMatchObject({
      keyCiphertext: null,
      webhookId: null,
      webhookSecretCiphertext: null,
    });
    expect((await webhooksAtSimulator()).map((webhook) => webhook.url)).not.toContain(
      `${PUBLIC_URL}/webhooks/terminal49/${outcome.accountId}`,
    );
    expect(world.changed).toEqual(['T0ALPHA']);
    const again = await connect('T0ALPHA', DEMO.apiKeys.full);
    expect(again.kind === 'connected' && again.accountId).toBe(outcome.accountId);
  });

  it('keeps the key for the other workspaces on the account', async () => {
    const outcome = await connect('T0ALPHA', DEMO.apiKeys.full);
    await connect('T0BETA', DEMO.apiKeys.full);
    expect(await disconnectAccount({ tenantId: 'T0ALPHA' }, world.deps)).toMatchObject({ stillUsedBy: 1 });
    const account = await world.store.accounts.forTenant('T0BETA');
    expect(outcome.kind === 'connected' && account?.id).toBe(
      outcome.kind === 'connected' && outcome.accountId,
    );
    expect(account?.keyCiphertext).not.toBeNull();
  });

  it('says when there was no key to remove', async () => {
    expect(await disconnectAccount({ tenantId: 'T0NONE' }, world.deps)).toEqual({ kind: 'not_connected' });
  });
});
