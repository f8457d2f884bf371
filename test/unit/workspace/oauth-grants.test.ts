/**
 * The fake Slack answers installs as Slack does: oauth.v2.access exchanges a code once, refreshes a rotating token
 * (the previous one then stops working), and each token acts as its own workspace in auth.test. Through the tests'
 * fake over HTTP with Slack's own Web API client, and through the local workspace's Web API.
 */
import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '../../../src/workspace/identity.js';
import { createChannelStore } from '../../../src/workspace/state/channel-store.js';
import { createTriggerRegistry } from '../../../src/workspace/state/trigger-registry.js';
import { createViewStore } from '../../../src/workspace/state/view-store.js';
import { createOAuthGrants } from '../../../src/workspace/web-api/oauth-grants.js';
import { createWebApi } from '../../../src/workspace/web-api/web-api.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { orgGrant, workspaceGrant } from '../../helpers/slack/install-grants.js';

const APP = { clientId: '111.222', clientSecret: 'fake-client-secret' };
let now = Date.parse('2026-03-01T00:00:00Z');

let slack: FakeSlackApi;
let client: InstanceType<typeof webApi.WebClient>;

beforeAll(async () => {
  slack = await startFakeSlackApi({ oauth: { ...APP, now: () => now } });
  client = new webApi.WebClient(undefined, { slackApiUrl: slack.url, retryConfig: { retries: 0 } });
});
afterAll(async () => {
  await slack?.close();
});

const exchange = (code: string) =>
  client.oauth.v2.access({ client_id: APP.clientId, client_secret: APP.clientSecret, code });
const refresh = (refreshToken: string) =>
  client.oauth.v2.access({
    client_id: APP.clientId,
    client_secret: APP.clientSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
const whoIs = (token: string) => client.auth.test({ token });
const slackError = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { data?: { error?: string } }) => error.data?.error ?? 'unknown',
  );

describe("the fake Slack's installs", () => {
  it('exchanges a code for a bot token that acts as its own workspace', async () => {
    const first = await exchange(slack.oauth!.issueCode(workspaceGrant('T0FIRST')));
    const second = await exchange(slack.oauth!.issueCode(workspaceGrant('T0SECOND')));
    expect(first).toMatchObject({
      ok: true,
      token_type: 'bot',
      team: { id: 'T0FIRST' },
      is_enterprise_install: false,
    });
    expect(first.access_token).toMatch(/^xoxb-/);
    expect((await whoIs(first.access_token ?? '')).team_id).toBe('T0FIRST');
    expect((await whoIs(second.access_token ?? '')).user_id).toBe('U0BOTT0SECOND');
  });

  it('takes a code once, and only from the app with its secret', async () => {
    const code = slack.oauth!.issueCode(workspaceGrant('T0ONCE'));
    expect(
      await slackError(client.oauth.v2.access({ client_id: APP.clientId, client_secret: 'wrong', code })),
    ).toBe('bad_client_secret');
    await exchange(code);
    expect(await slackError(exchange(code))).toBe('invalid_code');
  });

  it('gives an org-wide install no team, and says so in auth.test', async () => {
    const answer = await exchange(slack.oauth!.issueCode(orgGrant('E0GRID')));
    expect(answer).toMatchObject({ team: null, enterprise: { id: 'E0GRID' }, is_enterprise_install: true });
    expect(await whoIs(answer.access_token ?? '')).toMatchObject({
      enterprise_id: 'E0GRID',
      is_enterprise_install: true,
    });
  });

  it('refreshes a rotating token, and the previous one stops working', async () => {
    const installed = await exchange(slack.oauth!.issueCode(workspaceGrant('T0ROTATE', { rotation: true })));
    expect(installed.refresh_token).toMatch(/^xoxe-1-/);
    expect(installed.expires_in).toBe(43_200);
    const refreshed = await refresh(installed.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(installed.access_token);
    expect(await slackError(whoIs(installed.access_token ?? ''))).toBe('invalid_auth');
    expect((await whoIs(refreshed.access_token ?? '')).team_id).toBe('T0ROTATE');
    expect(slack.oauth!.currentToken('T0ROTATE')).toBe(refreshed.access_token);
    expect(slack.oauth!.refreshes('T0ROTATE')).toBe(1);
  });

  it('refuses a rotating token once it has expired, and every token of an installation once revoked', async () => {
    const rotating = await exchange(slack.oauth!.issueCode(workspaceGrant('T0EXPIRE', { rotation: true })));
    now += 43_200_000;
    expect(await slackError(whoIs(rotating.access_token ?? ''))).toBe('token_expired');
    const plain = await exchange(slack.oauth!.issueCode(workspaceGrant('T0REVOKE')));
    slack.oauth!.revoke('T0REVOKE');
    expect(await slackError(whoIs(plain.access_token ?? ''))).toBe('token_revoked');
    expect(await slackError(refresh('xoxe-1-never-issued'))).toBe('invalid_refresh_token');
  });
});

describe("the local workspace's installs", () => {
  it('answers oauth.v2.access and auth.test per token beside its own bot token', () => {
    const identity = createIdentity();
    const oauth = createOAuthGrants({ app: APP, now: () => now });
    const api = createWebApi({
      identity,
      channel: createChannelStore(),
      views: createViewStore({
        teamId: identity.team.id,
        appId: identity.bot.appId,
        botId: identity.bot.botId,
      }),
      triggers: createTriggerRegistry(),
      now: () => now,
      oauth,
    });
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const call = (method: string, body: string, token?: string) =>
      api.handle({
        method,
        contentType: 'application/x-www-form-urlencoded',
        authorization: token ? `Bearer ${token}` : undefined,
        body,
      });
    const code = oauth.issueCode(workspaceGrant('T0SECONDLOCAL'));
    const answer = call(
      'oauth.v2.access',
      form({ client_id: APP.clientId, client_secret: APP.clientSecret, code }),
    );
    expect(answer).toMatchObject({ ok: true, team: { id: 'T0SECONDLOCAL' } });
    expect(call('auth.test', '', String(answer.access_token))).toMatchObject({
      ok: true,
      team_id: 'T0SECONDLOCAL',
    });
    expect(call('auth.test', '', identity.botToken)).toMatchObject({ ok: true, team_id: identity.team.id });
    expect(call('auth.test', '', 'xoxb-someone-else')).toMatchObject({ ok: false, error: 'invalid_auth' });
  });
});
