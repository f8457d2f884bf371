/**
 * Installing Shipwatch through its own HTTP server (docs/oauth.md, "Installing"): `/slack/install` issues a state and
 * sends the browser to Slack; `/slack/oauth_redirect` checks the state, exchanges the code and stores the
 * installation sealed. An install begun without a state (Slack's own button), with a tampered or forged state, or
 * from another browser is refused with a page that says where to start, and nothing is exchanged or stored.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createHttpServer, type HttpServer } from '../../../../src/http/server.js';
import { silentLogger } from '../../../../src/logger.js';
import { createInstallRoutes } from '../../../../src/slack/oauth/install-routes.js';
import { BOT_SCOPES } from '../../../../src/slack/oauth/scopes.js';
import type { Store } from '../../../../src/store/index.js';
import { allowOnSlack, get, installInBrowser, startInstall } from '../../../helpers/oauth/install-flow.js';
import { replicaOf, TEST_OAUTH, testTime } from '../../../helpers/oauth/installations.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../../helpers/slack/fake-slack-api.js';
import { orgGrant, workspaceGrant } from '../../../helpers/slack/install-grants.js';
import { embeddedHarness, type StoreHarness } from '../../store/helpers/stores.js';

let harness: StoreHarness;
let store: Store;
let slack: FakeSlackApi;
let server: HttpServer;
let url: string;
const installed: string[] = [];

beforeAll(async () => {
  const time = testTime();
  harness = embeddedHarness();
  store = await harness.open();
  slack = await startFakeSlackApi({ oauth: TEST_OAUTH });
  server = createHttpServer({ logger: silentLogger });
  await server.listen(0, '127.0.0.1');
  url = server.url ?? '';
  const replica = replicaOf(store, slack, time, 'web');
  for (const route of createInstallRoutes({
    oauth: TEST_OAUTH,
    publicUrl: url,
    installationStore: replica.sealed,
    slackApiUrl: slack.url,
    authorizationUrl: slack.authorizeUrl,
    logger: silentLogger,
    onInstalled: (installation) => {
      installed.push(installation.team?.id ?? installation.enterprise?.id ?? '?');
    },
  })) {
    server.mount(route);
  }
});
afterAll(async () => {
  await server?.stop();
  await slack?.close();
  await harness?.dispose();
});
beforeEach(() => {
  slack.reset();
});

const exchanges = () => slack.callsTo('oauth.v2.access').length;

describe('the install page', () => {
  it('asks for exactly the bot scopes manifest.yml declares', () => {
    const manifest = parse(readFileSync(new URL('../../../../manifest.yml', import.meta.url), 'utf8'));
    expect([...BOT_SCOPES].sort()).toEqual([...manifest.oauth_config.scopes.bot].sort());
  });

  it('sends the browser to Slack with a state it also sets as a cookie, and the scopes and redirect it needs', async () => {
    const started = await startInstall(url);
    expect(started.authorizeUrl.origin + started.authorizeUrl.pathname).toBe(slack.authorizeUrl);
    expect(started.authorizeUrl.searchParams.get('client_id')).toBe(TEST_OAUTH.clientId);
    expect(started.authorizeUrl.searchParams.get('scope')).toBe(
      'commands,chat:write,users:read,usergroups:read,channels:read,groups:read,files:write,im:write',
    );
    expect(started.authorizeUrl.searchParams.get('redirect_uri')).toBe(`${url}/slack/oauth_redirect`);
    expect(started.state).not.toBe('');
    expect(started.cookie).toBe(`slack-app-oauth-state=${started.state}`);
  });
});

describe('the redirect back from Slack', () => {
  it('stores a workspace install under its team id, sealed, and says what to do next', async () => {
    const answer = await installInBrowser(url, slack, workspaceGrant('T0INSTALLED'));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Shipwatch is installed');
    expect(answer.body).toContain('/shipwatch connect');
    const row = await store.installations.get('T0INSTALLED');
    expect(row).toMatchObject({ teamId: 'T0INSTALLED', botUserId: 'U0BOTT0INSTALLED', version: 1 });
    expect(row?.secretCiphertext).not.toContain(slack.oauth?.currentToken('T0INSTALLED') ?? 'missing');
    expect(installed).toContain('T0INSTALLED');
  });

  it('stores an org-wide install under its enterprise id', async () => {
    expect((await installInBrowser(url, slack, orgGrant('E0WHOLEORG'))).status).toBe(200);
    expect(await store.installations.get('E0WHOLEORG')).toMatchObject({
      teamId: null,
      isEnterpriseInstall: true,
    });
  });

  it("refuses an install begun from Slack's own button (no state), saying where to start", async () => {
    const code = slack.oauth?.issueCode(workspaceGrant('T0NOSTATE')) ?? '';
    const answer = await get(`${url}/slack/oauth_redirect?code=${code}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('Start the install from Shipwatch');
    expect(answer.body).toContain(`href="${url}/slack/install"`);
    expect(exchanges()).toBe(0);
    expect(await store.installations.get('T0NOSTATE')).toBeNull();
  });

  it('refuses a tampered state, even with the cookie tampered the same way', async () => {
    const started = await startInstall(url);
    const back = await allowOnSlack(slack, started, workspaceGrant('T0TAMPERED'));
    const [header, payload, signature] = started.state.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    claims.installOptions.redirectUri = 'https://attacker.example/steal';
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    back.searchParams.set('state', tampered);
    const answer = await get(back.href, { cookie: `slack-app-oauth-state=${tampered}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('This install link is not valid any more');
    expect(answer.body).toContain(`${url}/slack/install`);
    expect(exchanges()).toBe(0);
    expect(await store.installations.get('T0TAMPERED')).toBeNull();
  });

  it('refuses a state signed by someone without SLACK_STATE_SECRET', async () => {
    const started = await startInstall(url);
    const back = await allowOnSlack(slack, started, workspaceGrant('T0FORGED'));
    const [header, payload] = started.state.split('.');
    const forgedSignature = createHmac('sha256', 'not-the-state-secret')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const forged = `${header}.${payload}.${forgedSignature}`;
    back.searchParams.set('state', forged);
    const answer = await get(back.href, { cookie: `slack-app-oauth-state=${forged}` });
    expect(answer.status).toBe(400);
    expect(exchanges()).toBe(0);
    expect(await store.installations.get('T0FORGED')).toBeNull();
  });

  it('refuses a valid state brought by another browser (no cookie)', async () => {
    const started = await startInstall(url);
    const back = await allowOnSlack(slack, started, workspaceGrant('T0OTHERBROWSER'));
    const answer = await get(back.href);
    expect(answer.status).toBe(400);
    expect(exchanges()).toBe(0);
    expect(await store.installations.get('T0OTHERBROWSER')).toBeNull();
  });

  it('says the install was cancelled when the person declined on Slack', async () => {
    const started = await startInstall(url);
    const answer = await get(`${url}/slack/oauth_redirect?error=access_denied&state=${started.state}`, {
      cookie: started.cookie,
    });
    expect(answer.body).toContain('The install was cancelled');
  });

  it("escapes the workspace's name on the page", async () => {
    const grant = workspaceGrant('T0ESCAPE');
    grant.identity.team.name = '<script>alert(1)</script>';
    const answer = await installInBrowser(url, slack, grant);
    expect(answer.body).not.toContain('<script>alert');
    expect(answer.body).toContain('&lt;script&gt;');
  });
});
