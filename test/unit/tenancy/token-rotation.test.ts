/**
 * Token rotation across replicas (docs/oauth.md, "Token rotation"). The fake Slack invalidates the previous access
 * token at each refresh, as Slack does. Two stores on one database stand for two replicas; on both backends, two
 * replicas refreshing one rotating token at once end with the one token Slack still accepts, stored, after one
 * refresh. The first test shows the race the lease prevents, with Slack's own SDK refreshing without it.
 */
import { InstallProvider, LogLevel } from '@slack/oauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/index.js';
import { TenancyError } from '../../../src/tenancy/errors.js';
import {
  installThroughSlack,
  replicaOf,
  slackSays,
  TEST_OAUTH,
  type TestTime,
  testTime,
} from '../../helpers/oauth/installations.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { workspaceGrant } from '../../helpers/slack/install-grants.js';
import { embeddedHarness, postgresHarness, type StoreHarness } from '../store/helpers/stores.js';

const HOUR = 3600_000;
const TEAM = 'T0ROTATING';
const KEY = { teamId: TEAM, enterpriseId: null };

describe.each([
  ['embedded', embeddedHarness],
  ['PostgreSQL', () => postgresHarness()],
] as Array<[string, () => StoreHarness]>)('token rotation (%s)', (_name, makeHarness) => {
  let harness: StoreHarness;
  let slack: FakeSlackApi;
  let time: TestTime;
  let stores: Store[];

  beforeEach(async () => {
    time = testTime();
    harness = makeHarness();
    stores = [await harness.open(), await harness.open()];
    slack = await startFakeSlackApi({ oauth: { ...TEST_OAUTH, now: time.now } });
  });
  afterEach(async () => {
    await slack?.close();
    await harness?.dispose();
  });

  async function installRotating(): Promise<void> {
    const replica = replicaOf(stores[0]!, slack, time, 'installer');
    await replica.sealed.storeInstallation(
      await installThroughSlack(slack, workspaceGrant(TEAM, { rotation: true }), time),
    );
  }

  it("is raced by Slack's own SDK, which refreshes without a lock: a replica keeps a token Slack replaced", async () => {
    await installRotating();
    time.advance(10.5 * HOUR);
    const providers = stores.map(
      (store) =>
        new InstallProvider({
          clientId: TEST_OAUTH.clientId,
          clientSecret: TEST_OAUTH.clientSecret,
          stateSecret: TEST_OAUTH.stateSecret,
          installationStore: replicaOf(store, slack, time, 'sdk').sealed,
          clientOptions: { slackApiUrl: slack.url },
          logLevel: LogLevel.ERROR,
        }),
    );
    // The first refresh Slack answers reaches its replica last, as happens under load.
    slack.delayNext('oauth.v2.access', 300);
    const realNow = Date.now;
    Date.now = () => time.now();
    try {
      await Promise.all(
        providers.map((provider) =>
          provider.authorize({ teamId: TEAM, enterpriseId: undefined, isEnterpriseInstall: false }),
        ),
      );
    } finally {
      Date.now = realNow;
    }
    const stored = await replicaOf(stores[0]!, slack, time, 'probe').sealed.read(TEAM);
    expect(slack.oauth?.refreshes(TEAM)).toBe(2);
    expect(await slackSays(slack, stored?.installation.bot?.token ?? '')).toBe('invalid_auth');
  });

  it('ends with a working token when two replicas refresh one rotating token at once', async () => {
    await installRotating();
    time.advance(10.5 * HOUR);
    const [a, b] = stores.map((store, i) => replicaOf(store, slack, time, `replica-${i}`));
    slack.delayNext('oauth.v2.access', 300);

    const [first, second] = await Promise.all([a!.authorizer.authorize(KEY), b!.authorizer.authorize(KEY)]);

    const stored = await a!.sealed.read(TEAM);
    expect(slack.oauth?.refreshes(TEAM)).toBe(1);
    expect(first?.botToken).toBe(slack.oauth?.currentToken(TEAM));
    expect(second?.botToken).toBe(first?.botToken);
    expect(stored?.installation.bot?.token).toBe(first?.botToken);
    expect(stored?.record.version).toBe(2);
    expect(await slackSays(slack, stored?.installation.bot?.token ?? '')).toBe(`ok:${TEAM}`);
  });

  it('leaves a token that is not due alone, and refreshes it once it has less than two hours to live', async () => {
    await installRotating();
    const replica = replicaOf(stores[0]!, slack, time, 'one');
    const installed = await replica.authorizer.authorize(KEY);
    time.advance(9 * HOUR);
    expect((await replicaOf(stores[1]!, slack, time, 'two').authorizer.authorize(KEY))?.botToken).toBe(
      installed?.botToken,
    );
    expect(slack.oauth?.refreshes(TEAM)).toBe(0);
    time.advance(1.5 * HOUR);
    const refreshed = await replicaOf(stores[1]!, slack, time, 'three').authorizer.authorize(KEY);
    expect(refreshed?.botToken).not.toBe(installed?.botToken);
    expect(slack.oauth?.refreshes(TEAM)).toBe(1);
  });

  it('takes over the refresh of a replica that died holding the lease, once the lease has run out', async () => {
    await installRotating();
    time.advance(10.5 * HOUR);
    expect(
      await stores[0]!.installations.leaseRefresh(TEAM, { owner: 'dead', leaseMs: 15_000, now: time.now() }),
    ).not.toBeNull();
    const waiting = replicaOf(stores[1]!, slack, time, 'alive');
    const fresh = waiting.refresher.fresh(TEAM);
    await new Promise((resolve) => setTimeout(resolve, 30));
    time.advance(15_000);
    const found = await fresh;
    expect(await slackSays(slack, found?.installation.bot?.token ?? '')).toBe(`ok:${TEAM}`);
    expect(slack.oauth?.refreshes(TEAM)).toBe(1);
  });

  it('says so when Slack refuses to refresh (the app was revoked), and frees the lease', async () => {
    await installRotating();
    time.advance(10.5 * HOUR);
    slack.oauth?.revoke(TEAM);
    const replica = replicaOf(stores[0]!, slack, time, 'one');
    const failure = await replica.authorizer.authorize(KEY).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TenancyError);
    expect((failure as TenancyError).code).toBe('token_refresh_failed');
    expect((failure as TenancyError).message).toContain('invalid_refresh_token');
    expect(
      await stores[1]!.installations.leaseRefresh(TEAM, { owner: 'next', leaseMs: 1, now: time.now() }),
    ).not.toBeNull();
  });
});
