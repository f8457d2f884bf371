/**
 * Shipwatch as a distributed app, end to end through signed HTTP: `shipwatch start` in OAuth mode, two workspaces
 * installed through the browser flow, each connecting its own Terminal49 key with `/shipwatch connect`. Each sees its
 * own shipments and none of the other's, through commands and watching; each answers with its own bot token; a
 * workspace without a key is told how to connect one; someone who is not an admin cannot connect a key.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../src/cards/ids.js';
import { silentLogger } from '../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../src/main.js';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';
import {
  enteredState,
  formBody,
  interactionFields,
  openedModal,
  type PayloadSource,
  slashCommandFields,
  viewSubmissionPayload,
} from '../../../src/workspace/bot-link/payloads.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { installInBrowser } from '../../helpers/oauth/install-flow.js';
import { TEST_ENCRYPTION_KEY, TEST_OAUTH } from '../../helpers/oauth/installations.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';
import { workspaceGrant } from '../../helpers/slack/install-grants.js';
import { nextId } from '../../helpers/slack/payloads.js';

const SIGNING_SECRET = 'two-workspaces-signing-secret';
const ADMIN = 'U0ADMIN';
const MEMBER = 'U0MEMBER';
const A = { team: 'T0ALPHA', key: DEMO.apiKeys.full, bl: DEMO.shipments.slippedEta.bl };
const B = { team: 'T0BRAVO', key: DEMO.apiKeys.otherAccount, bl: DEMO.otherAccount.railMove.bl };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function source(team: string): PayloadSource {
  return {
    team: { id: team, domain: team.toLowerCase() },
    bot: { botId: `B0BOT${team}`, appId: 'A0SHIPWATCH' },
    channel: { id: `C0${team}`, name: 'ops' },
    verificationToken: 'unused',
  };
}

describe('two workspaces installed through OAuth, each with its own Terminal49 key', () => {
  let slack: FakeSlackApi;
  let api: RunningSimulator;
  let shipwatch: RunningShipwatch;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-two-workspaces-'));

  beforeAll(async () => {
    slack = await startFakeSlackApi({ oauth: TEST_OAUTH });
    slack.setUser({ id: ADMIN, isAdmin: true });
    slack.setUser({ id: MEMBER });
    api = await createSimulator().listen({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    shipwatch = await startShipwatch({
      env: {
        SLACK_CLIENT_ID: TEST_OAUTH.clientId,
        SLACK_CLIENT_SECRET: TEST_OAUTH.clientSecret,
        SLACK_STATE_SECRET: TEST_OAUTH.stateSecret,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: slack.url,
        SHIPWATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY.toString('base64'),
        SHIPWATCH_PUBLIC_URL: url,
        TRACKING_API_URL: api.url,
        SHIPWATCH_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      out: () => {},
      logger: silentLogger,
    });
    for (const { team } of [A, B])
      expect((await installInBrowser(url, slack, workspaceGrant(team))).status).toBe(200);
  });

  afterAll(async () => {
    await shipwatch?.stop();
    await api?.close();
    await slack?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function post(body: string): Promise<number> {
    const response = await fetch(`${url}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(SIGNING_SECRET, body),
      },
      body,
    });
    await response.text();
    return response.status;
  }

  async function command(team: string, text: string, user = ADMIN, name = '/shipment'): Promise<string> {
    const triggerId = nextId('TRIG');
    const fields = slashCommandFields(source(team), {
      user: { id: user, name: user.toLowerCase() },
      command: name,
      text,
      responseUrl: slack.responseUrls.newUrl(),
      triggerId,
    });
    expect(await post(formBody(fields))).toBe(200);
    return triggerId;
  }

  async function until<T>(find: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + 8_000;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** `/shipwatch connect` as `user`, then Save with `key`, as Slack sends them. */
  async function connect(team: string, key: string, user = ADMIN): Promise<void> {
    const from = slack.calls.length;
    await command(team, 'connect', user, '/shipwatch');
    const opened = await until(
      () =>
        slack.calls
          .slice(from)
          .find((call) => call.method === 'views.update' && JSON.stringify(call.args).includes(VIEW.connect)),
      'the connect form',
    );
    const submission = viewSubmissionPayload(source(team), {
      user: { id: user, name: user.toLowerCase() },
      view: openedModal(source(team), {
        viewId: String(opened.args.view_id),
        callbackId: VIEW.connect,
        privateMetadata: '',
        hash: nextId('H'),
      }),
      stateValues: enteredState({ [INPUT.connectKey.block]: { [INPUT.connectKey.action]: key } }),
      triggerId: nextId('TRIG'),
    });
    expect(await post(formBody(interactionFields(submission)))).toBe(200);
  }

  /** What the bot posted in a workspace's channel, with the token it used. */
  const postsIn = (team: string, from: number) =>
    slack.calls
      .slice(from)
      .filter((call) => call.method === 'chat.postMessage' && call.args.channel === `C0${team}`);

  it('tells a workspace with no key how to connect one', async () => {
    const from = slack.calls.length;
    await command(A.team, A.bl, MEMBER);
    const answer = await until(
      () =>
        slack.responseUrls.posts
          .slice(-5)
          .find((post) => JSON.stringify(post.body).includes('/shipwatch connect')),
      'the not-connected answer',
    );
    expect(JSON.stringify(answer.body)).toContain('ask an admin');
    expect(postsIn(A.team, from)).toEqual([]);
  });

  it('refuses to let someone who is not an admin connect a key', async () => {
    const from = slack.calls.length;
    await command(A.team, 'connect', MEMBER, '/shipwatch');
    const refused = await until(
      () =>
        slack.calls
          .slice(from)
          .find(
            (call) => call.method === 'views.update' && JSON.stringify(call.args).includes('workspace admin'),
          ),
      'the refusal in the modal',
    );
    expect(JSON.stringify(refused.args)).not.toContain(INPUT.connectKey.block);
  });

  it("shows each workspace its own shipments and none of the other's, each answered with its own token", async () => {
    await connect(A.team, A.key);
    await connect(B.team, B.key);
    const from = slack.calls.length;
    await command(A.team, A.bl);
    await command(B.team, B.bl);
    const cardA = await until(
      () => postsIn(A.team, from).find((call) => String(call.args.text).includes(A.bl)),
      "A's card",
    );
    const cardB = await until(
      () => postsIn(B.team, from).find((call) => String(call.args.text).includes(B.bl)),
      "B's card",
    );
    expect(cardA.token).not.toBe(cardB.token);

    // Each key sees nothing of the other account: the other's number is not found.
    const crossFrom = slack.calls.length;
    await command(A.team, B.bl);
    await until(
      () => slack.responseUrls.posts.slice(-5).find((post) => JSON.stringify(post.body).includes(B.bl)),
      "A's not-found answer",
    );
    expect(postsIn(A.team, crossFrom).filter((call) => String(call.args.text).includes(B.bl))).toEqual([]);
  });

  it("watches a shipment with its workspace's account", async () => {
    const from = slack.calls.length;
    await command(B.team, `watch ${B.bl}`, ADMIN, '/shipwatch');
    await until(
      () => postsIn(B.team, from).find((call) => String(call.args.text).includes(B.bl)),
      "B's watched card",
    );
    const store = shipwatch.store;
    const snapshot = await store.watching.snapshots.get(DEMO.otherAccount.railMove.id);
    const account = await store.accounts.forTenant(B.team);
    expect(account).not.toBeNull();
    expect(snapshot?.accountId).toBe(account?.id);
    expect(snapshot?.accountId).not.toBe((await store.accounts.forTenant(A.team))?.id);
  });

  it("shows each workspace's admin its own Home: its watches, its connection and the Connect button, published with its own token", async () => {
    const open = async (team: string): Promise<{ json: string; token: string | null }> => {
      const from = slack.calls.length;
      const envelope = {
        token: 'unused',
        team_id: team,
        api_app_id: 'A0SHIPWATCH',
        type: 'event_callback',
        event_id: nextId('Ev'),
        event_time: Math.floor(Date.now() / 1000),
        event: { type: 'app_home_opened', user: ADMIN, channel: `D${ADMIN}`, tab: 'home' },
        authorizations: [{ enterprise_id: null, team_id: team, user_id: 'U0BOT', is_bot: true }],
      };
      const body = JSON.stringify(envelope);
      const response = await fetch(`${url}/slack/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signSlackRequest(SIGNING_SECRET, body) },
        body,
      });
      expect(response.status).toBe(200);
      const published = await until(
        () => slack.calls.slice(from).find((call) => call.method === 'views.publish' && call.ok),
        `${team}'s Home`,
      );
      return { json: JSON.stringify(published.args.view), token: published.token };
    };
    const homeB = await open(B.team);
    expect(homeB.json).toContain(B.bl); // watched in B's channel just before
    expect(homeB.json).toContain('Terminal49: connected');
    expect(homeB.json).toContain('home_connect');
    const homeA = await open(A.team);
    expect(homeA.json).not.toContain(B.bl);
    expect(homeA.token).not.toBe(homeB.token);
  });
});
