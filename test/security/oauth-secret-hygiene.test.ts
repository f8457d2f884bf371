/**
 * Secret hygiene in OAuth mode (docs/oauth.md, "Secrets"). OAuth mode runs with recognisable fake secrets — the client
 * secret, the state secret, the encryption key, Terminal49 keys the workspaces connect (carried to the simulator by a
 * key-swapping proxy) — and with every Slack token and refresh token the fake Slack issues, and every webhook secret
 * the simulator hands out. It installs (and refuses tampered installs), connects, replaces and refuses keys, refreshes
 * rotating tokens, takes a revoked one, receives webhooks, rotates the encryption key and uninstalls. Then every log
 * line, every HTTP answer (pages, redirects, cookies), every Web API call's arguments, every outcome and error, every
 * request line sent to the tracking API, and the store's files on disk are searched for each secret. One hit fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli.js';
import { systemClock } from '../../src/clock.js';
import { runDbCommand } from '../../src/commands/db.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { createWebhooksApi } from '../../src/tracking/webhooks-api.js';
import { signWebhookBody } from '../../src/watch/index.js';
import { findSecretLeaks } from '../helpers/hardening/fake-secrets.js';
import { describeErrorDeeply } from '../helpers/hardening/recording-tracking.js';
import { get, installInBrowser, startInstall } from '../helpers/oauth/install-flow.js';
import { TEST_ENCRYPTION_KEY, TEST_OAUTH } from '../helpers/oauth/installations.js';
import { eventEnvelope, type OAuthWorld, startOAuthWorld } from '../helpers/oauth/oauth-world.js';
import { orgGrant, workspaceGrant } from '../helpers/slack/install-grants.js';
import { embeddedHarness } from '../unit/store/helpers/stores.js';
import { notificationJson } from '../unit/watch/helpers/shipments.js';

const KEYS = {
  alpha: 'FAKE-T49-KEY-ALPHA-3J9K7H2D',
  beta: 'FAKE-T49-KEY-BETA-6L2M8P4S',
  wrong: 'FAKE-T49-KEY-WRONG-1N5B3V7C',
};
const NEW_ENCRYPTION_KEY = Buffer.alloc(32, 0x6b).toString('base64');

let world: OAuthWorld;
const harness = embeddedHarness();
/** Outcomes, errors and command output produced along the way. */
const produced: Array<{ where: string; text: string }> = [];

function record(where: string, value: unknown): void {
  produced.push({ where, text: value instanceof Error ? describeErrorDeeply(value) : JSON.stringify(value) });
}

/** Every secret to look for, by name: the configured ones, the keys, and whatever Slack and Terminal49 issued. */
async function secrets(): Promise<Record<string, string>> {
  const found: Record<string, string> = {
    clientSecret: TEST_OAUTH.clientSecret,
    stateSecret: TEST_OAUTH.stateSecret,
    encryptionKey: TEST_ENCRYPTION_KEY.toString('base64'),
    newEncryptionKey: NEW_ENCRYPTION_KEY,
    ...Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [`t49Key.${name}`, key])),
  };
  world.slack.callsTo('oauth.v2.access').forEach((call, index) => {
    for (const field of ['access_token', 'refresh_token'] as const) {
      const token = call.answer?.[field];
      if (typeof token === 'string') found[`slack.${field}#${index}`] = token;
    }
  });
  const webhooks = await createWebhooksApi({ baseUrl: world.apiUrl, apiKey: DEMO.apiKeys.full }).list();
  webhooks.forEach((webhook, index) => {
    if (webhook.secret) found[`webhookSecret#${index}`] = webhook.secret;
  });
  return found;
}

beforeAll(async () => {
  world = await startOAuthWorld({
    harness,
    keys: { [KEYS.alpha]: DEMO.apiKeys.full, [KEYS.beta]: DEMO.apiKeys.readonly },
    // Shorter than the 2-hour refresh window: every authorization refreshes the rotating token.
    tokenLifetimeSeconds: 3_600,
  });
  const { setup, slack, url } = world;

  // Installs: two workspaces (one rotating) and an organisation, and the refused kinds.
  for (const grant of [
    workspaceGrant('T0HYGA', { rotation: true }),
    workspaceGrant('T0HYGB'),
    orgGrant('E0HYG'),
  ]) {
    record('install page', (await installInBrowser(url, slack, grant)).status);
  }
  await get(`${url}/slack/oauth_redirect?code=${slack.oauth?.issueCode(workspaceGrant('T0HYGC'))}`);
  const started = await startInstall(url);
  await get(`${url}/slack/oauth_redirect?code=x&state=${started.state}x`, { cookie: `${started.cookie}x` });

  // Keys: connected, replaced, shared, refused.
  record('connect alpha', await setup.connect({ tenantId: 'T0HYGA', apiKey: KEYS.alpha }));
  record('connect beta', await setup.connect({ tenantId: 'T0HYGB', apiKey: KEYS.beta }));
  record('connect wrong', await setup.connect({ tenantId: 'T0HYGB', apiKey: KEYS.wrong }));
  record('replace', await setup.connect({ tenantId: 'T0HYGB', apiKey: KEYS.alpha }));
  record('org', await setup.connect({ tenantId: 'E0HYG', apiKey: KEYS.beta }));
  record('disconnect', await setup.disconnect({ tenantId: 'E0HYG' }));

  // Rotating tokens refreshed, then revoked.
  for (let i = 0; i < 3; i += 1) {
    record('tenant', (await setup.directory.resolve({ teamId: 'T0HYGA', enterpriseId: null }))?.id);
  }
  slack.oauth?.revoke('T0HYGA');
  setup.directory.invalidate('T0HYGA');
  record(
    'revoked',
    await setup.directory.resolve({ teamId: 'T0HYGA', enterpriseId: null }).catch((error) => error),
  );

  // Webhooks: forged, and signed with the account's own secret.
  const account = await world.store.accounts.forTenant('T0HYGB');
  const secret = setup.box.open(account?.webhookSecretCiphertext ?? '', 'webhook-secret');
  const body = notificationJson({});
  for (const signature of [signWebhookBody(body, 'not-the-secret'), signWebhookBody(body, secret)]) {
    const answer = await fetch(`${url}/webhooks/terminal49/${account?.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-t49-webhook-signature': signature },
      body,
    });
    record('webhook answer', `${answer.status} ${await answer.text()}`);
  }

  // The encryption key rotated.
  const out: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    readStdin: async () => '',
  };
  await runDbCommand(['rotate-key'], io, {
    env: {
      SHIPWATCH_DATA_DIR: harness.dataDir,
      SHIPWATCH_ENCRYPTION_KEY: NEW_ENCRYPTION_KEY,
      SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: TEST_ENCRYPTION_KEY.toString('base64'),
    },
    clock: systemClock,
  });
  produced.push({ where: 'rotate-key output', text: out.join('') });

  // Uninstalls.
  await world.event(
    eventEnvelope({ type: 'tokens_revoked', tokens: { bot: ['U0BOTT0HYGA'] } }, { teamId: 'T0HYGA' }),
  );
  await world.event(
    eventEnvelope({ type: 'app_uninstalled' }, { teamId: 'E0HYG', enterpriseId: 'E0HYG', orgWide: true }),
  );
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

describe('OAuth mode, run through everything with fake secrets', () => {
  it('went through the scenario: installs, refusals, keys, refreshes, a revocation, webhooks, a key rotation', async () => {
    const issued = await secrets();
    expect(
      Object.keys(issued).filter((name) => name.startsWith('slack.refresh_token')).length,
    ).toBeGreaterThan(3);
    expect(Object.keys(issued).some((name) => name.startsWith('webhookSecret'))).toBe(true);
    expect(world.answers.filter((answer) => answer.status === 400).map((answer) => answer.path)).toEqual([
      expect.stringMatching(/^\/slack\/oauth_redirect\?code=code-/),
      expect.stringMatching(/^\/slack\/oauth_redirect\?code=x&state=/),
    ]);
    expect(produced.find((entry) => entry.where === 'revoked')?.text).toContain('token_refresh_failed');
    expect(produced.find((entry) => entry.where === 'rotate-key output')?.text).toContain('re-sealed');
    expect(
      produced
        .filter((entry) => entry.where === 'webhook answer')
        .map((entry) => String(JSON.parse(entry.text)).slice(0, 3)),
    ).toEqual(['401', '200']);
  });

  it('would notice a secret, or its random tail, if one were there', async () => {
    const issued = await secrets();
    const token = Object.entries(issued).find(([name]) => name.startsWith('slack.access_token'))?.[1] ?? '';
    expect(
      findSecretLeaks(
        [{ where: 'planted', text: `…${token.slice(token.lastIndexOf('-') + 1)} and ${KEYS.alpha}` }],
        issued,
      ).length,
    ).toBe(2);
  });

  it('has no secret in any log line', async () => {
    expect(world.logLines.length).toBeGreaterThan(20);
    expect(
      findSecretLeaks(
        world.logLines.map((text, index) => ({ where: `log line ${index}`, text })),
        await secrets(),
      ),
    ).toEqual([]);
  });

  it('has no secret in any HTTP answer: pages, redirects, cookies', async () => {
    expect(
      findSecretLeaks(
        world.answers.map((answer, index) => ({
          where: `answer #${index} ${answer.path}`,
          text: answer.body,
        })),
        await secrets(),
      ),
    ).toEqual([]);
  });

  it('sends the client secret and refresh tokens only to oauth.v2.access, and tokens only as the Authorization', async () => {
    const issued = await secrets();
    const elsewhere = world.slack.calls
      .filter((call) => call.method !== 'oauth.v2.access')
      .map((call, index) => ({ where: `${call.method} #${index} args`, text: JSON.stringify(call.args) }));
    expect(findSecretLeaks(elsewhere, issued)).toEqual([]);
    const { clientSecret: _belongs, ...notForSlack } = issued;
    const exchanges = world.slack.callsTo('oauth.v2.access').map((call, index) => ({
      where: `oauth.v2.access #${index} args`,
      text: JSON.stringify({ ...call.args, refresh_token: undefined }),
    }));
    expect(findSecretLeaks(exchanges, notForSlack)).toEqual([]);
  });

  it('has no secret in any outcome, error or command output', async () => {
    expect(produced.length).toBeGreaterThan(10);
    expect(findSecretLeaks(produced, await secrets())).toEqual([]);
  });

  it('has no secret in any request line sent to the tracking API', async () => {
    const lines = world.proxy?.lines ?? [];
    expect(lines.length).toBeGreaterThan(5);
    expect(
      findSecretLeaks(
        lines.map((text, index) => ({ where: `API request #${index}`, text })),
        await secrets(),
      ),
    ).toEqual([]);
  });

  it("keeps no token, key or webhook secret in clear in the store's files on disk", async () => {
    const files = readdirSync(harness.dataDir)
      .filter((name) => name.startsWith('shipwatch.db'))
      .map((name) => ({
        where: `store file ${name}`,
        text: readFileSync(join(harness.dataDir, name)).toString('latin1'),
      }));
    // The files are read for real: what is stored in clear (tenant ids) is there.
    expect(files.some((file) => file.text.includes('T0HYGB'))).toBe(true);
    expect(findSecretLeaks(files, await secrets())).toEqual([]);
  });
});
