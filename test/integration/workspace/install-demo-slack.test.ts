/**
 * The install demo's Slack side (src/workspace/local-slack/): two local workspaces of one app, Slack's authorize page,
 * and tokens that each act in their own workspace. The whole flow with Shipwatch is test/e2e/install-demo.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSlack, startLocalSlack } from '../../../src/workspace/local-slack/local-slack.js';

const APP_URL = 'http://127.0.0.1:9';

let slack: LocalSlack;
beforeAll(async () => {
  slack = await startLocalSlack({ port: 0 });
  slack.connect(APP_URL, '/slack/events');
});
afterAll(async () => {
  await slack?.close();
});

function authorizeQuery(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({
    client_id: slack.grants.app.clientId,
    scope: 'commands,chat:write',
    state: 'STATE-1',
    redirect_uri: `${APP_URL}/slack/oauth_redirect`,
    ...overrides,
  }).toString();
}

async function allow(
  team: string,
  overrides: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams({
    client_id: slack.grants.app.clientId,
    scope: 'commands,chat:write',
    state: 'STATE-1',
    redirect_uri: `${APP_URL}/slack/oauth_redirect`,
    team,
    decision: 'allow',
    ...overrides,
  }).toString();
  return fetch(slack.authorizeUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}

describe("the install demo's Slack", () => {
  it('offers every local workspace on its authorize page, escaped', async () => {
    const page = await (await fetch(`${slack.authorizeUrl}?${authorizeQuery()}`)).text();
    expect(page).toContain('Shipwatch (local)');
    expect(page).toContain('Harbor Freight (local)');
    expect(page).toContain('value="STATE-1"');
  });

  it("refuses another app's client id, and a redirect URL that is not the app's", async () => {
    expect(
      (await fetch(`${slack.authorizeUrl}?${authorizeQuery({ client_id: 'someone-else' })}`)).status,
    ).toBe(400);
    expect(
      (await fetch(`${slack.authorizeUrl}?${authorizeQuery({ redirect_uri: 'https://evil.example/steal' })}`))
        .status,
    ).toBe(400);
    expect((await allow('T0HARBOR', { redirect_uri: 'https://evil.example/steal' })).status).toBe(400);
  });

  it('refuses an answer posted from another site', async () => {
    expect((await allow('T0HARBOR', {}, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('sends a cancelled install back with access_denied and the state', async () => {
    const answer = await allow('T0HARBOR', { decision: 'cancel' });
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('STATE-1');
  });

  it("issues a code for the chosen workspace, whose token acts in that workspace's channel only", async () => {
    const answer = await allow('T0HARBOR');
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${APP_URL}/slack/oauth_redirect`);
    const access = await (
      await fetch(`${slack.apiUrl}oauth.v2.access`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code: back.searchParams.get('code') ?? '',
          client_id: slack.grants.app.clientId,
          client_secret: slack.grants.app.clientSecret,
          redirect_uri: `${APP_URL}/slack/oauth_redirect`,
        }).toString(),
      })
    ).json();
    expect(access).toMatchObject({ ok: true, team: { id: 'T0HARBOR' } });
    const call = (method: string, args: Record<string, string>) =>
      fetch(`${slack.apiUrl}${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access.access_token}` },
        body: JSON.stringify(args),
      }).then((response) => response.json());
    // Called at the first workspace's Web API (Shipwatch's SLACK_API_URL), answered as the second.
    await expect(call('auth.test', {})).resolves.toMatchObject({ ok: true, team_id: 'T0HARBOR' });
    await expect(call('chat.postMessage', { channel: 'C0HARBOROPS', text: 'hello' })).resolves.toMatchObject({
      ok: true,
    });
    await expect(call('chat.postMessage', { channel: 'C0SHIPOPS', text: 'hello' })).resolves.toMatchObject({
      ok: false,
      error: 'channel_not_found',
    });
    const [first, second] = slack.workspaces;
    expect(
      second?.core.channel.entries().some((entry) => entry.kind === 'message' && entry.text === 'hello'),
    ).toBe(true);
    expect(
      first?.core.channel.entries().some((entry) => entry.kind === 'message' && entry.text === 'hello'),
    ).toBe(false);
  });

  it('sends people back from Shipwatch to the page of the workspace they installed', async () => {
    const answer = await fetch(`${slack.appRedirectUrl}?team=T0HARBOR`, { redirect: 'manual' });
    expect(answer.headers.get('location')).toBe(slack.workspaces[1]?.url);
  });
});
