/**
 * Installations for the tenancy tests: the sealed installation store, the token refresher and the authorizer of one
 * process (a "replica") over a store, talking to the fake Slack, and installs made the way Slack makes them (a code
 * from the fake's authorize step, exchanged with oauth.v2.access).
 */

import { webApi } from '@slack/bolt';
import type { Installation } from '@slack/oauth';
import { refreshWithSlack } from '../../../src/slack/oauth/refresh-with-slack.js';
import type { Store } from '../../../src/store/index.js';
import {
  createInstallationAuthorizer,
  type InstallationAuthorizer,
} from '../../../src/tenancy/installations/installation-authorizer.js';
import {
  createInstallationStore,
  type SealedInstallationStore,
} from '../../../src/tenancy/installations/installation-store.js';
import {
  createTokenRefresher,
  type TokenRefresher,
} from '../../../src/tenancy/installations/token-refresh.js';
import { createSecretBox, type SecretBox } from '../../../src/tenancy/secret-box.js';
import type { InstallGrant } from '../../../src/workspace/web-api/oauth-grants.js';
import type { FakeSlackApi } from '../slack/fake-slack-api.js';

export const TEST_OAUTH = {
  clientId: '1111.2222',
  clientSecret: 'FAKE-CLIENT-SECRET-8K2M4Q',
  stateSecret: 'FAKE-STATE-SECRET-5T7Y9U1I3O',
};

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 0x5a);

export function testBox(): SecretBox {
  return createSecretBox({ key: TEST_ENCRYPTION_KEY });
}

/** A test clock shared by the fake Slack and every replica. */
export interface TestTime {
  now(): number;
  advance(ms: number): void;
}

export function testTime(start = Date.parse('2026-03-01T08:00:00Z')): TestTime {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface Replica {
  store: Store;
  sealed: SealedInstallationStore;
  refresher: TokenRefresher;
  authorizer: InstallationAuthorizer;
}

export function replicaOf(
  store: Store,
  slack: FakeSlackApi,
  time: TestTime,
  owner: string,
  options: { box?: SecretBox; cacheMs?: number } = {},
): Replica {
  const box = options.box ?? testBox();
  let authorizer: InstallationAuthorizer | null = null;
  const sealed = createInstallationStore({
    installations: store.installations,
    box,
    now: time.now,
    onStored: (tenantId) => authorizer?.invalidate(tenantId),
  });
  const refresher = createTokenRefresher({
    installations: store.installations,
    sealed,
    refresh: refreshWithSlack({ oauth: TEST_OAUTH, slackApiUrl: slack.url }),
    now: time.now,
    owner,
    pollMs: 10,
  });
  authorizer = createInstallationAuthorizer({
    sealed,
    refresher,
    now: time.now,
    ...(options.cacheMs === undefined ? {} : { cacheMs: options.cacheMs }),
  });
  return { store, sealed, refresher, authorizer };
}

/** Installs as Slack does: the grant allowed, the code exchanged, the installation as InstallProvider builds it. */
export async function installThroughSlack(
  slack: FakeSlackApi,
  grant: InstallGrant,
  time: TestTime,
): Promise<Installation> {
  const client = new webApi.WebClient(undefined, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
  const code = slack.oauth?.issueCode(grant) ?? '';
  const answer = await client.oauth.v2.access({
    client_id: TEST_OAUTH.clientId,
    client_secret: TEST_OAUTH.clientSecret,
    code,
  });
  const nowSeconds = Math.floor(time.now() / 1000);
  return {
    team: answer.team ? { id: answer.team.id ?? '', name: answer.team.name ?? '' } : undefined,
    enterprise: answer.enterprise
      ? { id: answer.enterprise.id ?? '', name: answer.enterprise.name ?? '' }
      : undefined,
    user: { id: answer.authed_user?.id ?? '', token: undefined, scopes: undefined },
    bot: {
      token: answer.access_token ?? '',
      scopes: (answer.scope ?? '').split(','),
      id: grant.identity.bot.botId,
      userId: answer.bot_user_id ?? '',
      ...(answer.refresh_token
        ? { refreshToken: answer.refresh_token, expiresAt: nowSeconds + (answer.expires_in ?? 0) }
        : {}),
    },
    tokenType: 'bot',
    isEnterpriseInstall: answer.is_enterprise_install === true,
    appId: answer.app_id,
    authVersion: 'v2',
  };
}

/** What Slack answers to auth.test with `token`: the team it acts as, or Slack's error. */
export async function slackSays(slack: FakeSlackApi, token: string): Promise<string> {
  const client = new webApi.WebClient(token, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
  try {
    const answer = await client.auth.test();
    return `ok:${answer.team_id}`;
  } catch (error) {
    // SAFETY: Web API errors carry Slack's answer in `data`.
    return String((error as { data?: { error?: string } }).data?.error ?? 'unreachable');
  }
}
