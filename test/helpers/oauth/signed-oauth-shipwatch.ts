/**
 * `shipwatch start` in OAuth mode, driven through signed HTTP as Slack drives it: the fake Slack (installs, its Web
 * API, response_urls), the simulator as TRACKING_API_URL, an embedded store in a temporary directory. Workspaces are
 * installed through the browser flow; commands and modal submissions are signed and posted to `/slack/events`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT, VIEW } from '../../../src/cards/ids.js';
import { silentLogger } from '../../../src/logger.js';
import { type RunningShipwatch, startShipwatch } from '../../../src/main.js';
import { createSimulator, type RunningSimulator } from '../../../src/simulator/index.js';
import {
  blockActionsPayload,
  type EnteredValue,
  enteredState,
  formBody,
  interactionFields,
  openedModal,
  type PayloadSource,
  slashCommandFields,
  viewSubmissionPayload,
} from '../../../src/workspace/bot-link/payloads.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import type { InstallGrant } from '../../../src/workspace/web-api/oauth-grants.js';
import { type FakeSlackApi, startFakeSlackApi } from '../slack/fake-slack-api.js';
import { workspaceGrant } from '../slack/install-grants.js';
import { nextId } from '../slack/payloads.js';
import { installInBrowser } from './install-flow.js';
import { TEST_ENCRYPTION_KEY, TEST_OAUTH } from './installations.js';

export const SIGNING_SECRET = 'signed-oauth-shipwatch-signing-secret';

export interface SignedOAuthShipwatch {
  slack: FakeSlackApi;
  shipwatch: RunningShipwatch;
  url: string;
  /** Installs Shipwatch in `team` (or as `grant`: an org-wide install) through the browser flow; the page's status. */
  install(team: string | InstallGrant): Promise<number>;
  /** From now on, every payload from `team` says it is a workspace of the Enterprise Grid organisation `enterpriseId`. */
  inOrganisation(team: string, enterpriseId: string): void;
  /** Clicks a button (`actionId`, `value`) on the message `messageTs` of the team's channel as `user`; the ack. */
  click(
    team: string,
    user: string,
    button: { actionId: string; value: string; messageTs: string; blocks?: unknown[] },
  ): Promise<{ status: number; body: string }>;
  /** Signs and posts a body (a form, or an event's JSON) to `/slack/events`; the status and the answer's body. */
  post(body: string): Promise<{ status: number; body: string }>;
  /** A slash command as `user` in the team's channel (`C0<team>`), or `channel`; its trigger_id. */
  command(team: string, text: string, user: string, name?: string, channel?: string): Promise<string>;
  /** The modal `callbackId` a views.update since call `from` filled in; its view id. */
  modal(callbackId: string, from: number): Promise<string>;
  /** Submits the view `viewId` with entered values; the ack (a modal's `response_action` in its body). */
  submit(
    team: string,
    user: string,
    viewId: string,
    callbackId: string,
    values: Readonly<Record<string, Readonly<Record<string, EnteredValue>>>>,
  ): Promise<{ status: number; body: string }>;
  /** `/shipwatch connect` as `user`, then Save with `key`. */
  connect(team: string, key: string, user: string): Promise<void>;
  /** What the bot posted in a workspace's channel since call `from`. */
  postsIn(team: string, from: number): FakeSlackApi['calls'];
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A workspace as the payloads name it; its channel is `C0<team>`. */
export function teamSource(team: string, channel = `C0${team}`): PayloadSource {
  return {
    team: { id: team, domain: team.toLowerCase() },
    bot: { botId: `B0BOT${team}`, appId: 'A0SHIPWATCH' },
    channel: { id: channel, name: 'ops' },
    verificationToken: 'unused',
  };
}

/** Polls `find` until it answers, for at most 8 s. */
export async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startSignedOAuthShipwatch(
  env: Record<string, string> = {},
): Promise<SignedOAuthShipwatch> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-oauth-'));
  const slack = await startFakeSlackApi({ oauth: TEST_OAUTH });
  let api: RunningSimulator | null = null;
  try {
    api = await createSimulator().listen({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const shipwatch = await startShipwatch({
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
        ...env,
      },
      out: () => {},
      logger: silentLogger,
    });
    const running = api;
    const organisations = new Map<string, string>();
    /** A payload from a workspace of an organisation names the organisation, as Slack's do. */
    const fromOrganisation = (team: string, payload: Record<string, unknown>) => {
      const enterpriseId = organisations.get(team);
      return enterpriseId
        ? { ...payload, enterprise: { id: enterpriseId, name: `Org ${enterpriseId}` } }
        : payload;
    };

    const post: SignedOAuthShipwatch['post'] = async (body) => {
      const response = await fetch(`${url}/slack/events`, {
        method: 'POST',
        headers: {
          // Events come as JSON; commands, clicks and submissions as a form.
          'content-type': body.startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded',
          ...signSlackRequest(SIGNING_SECRET, body),
        },
        body,
      });
      return { status: response.status, body: await response.text() };
    };
    const command: SignedOAuthShipwatch['command'] = async (
      team,
      text,
      user,
      name = '/shipment',
      channel,
    ) => {
      const triggerId = nextId('TRIG');
      const fields = slashCommandFields(teamSource(team, channel), {
        user: { id: user, name: user.toLowerCase() },
        command: name,
        text,
        responseUrl: slack.responseUrls.newUrl(),
        triggerId,
      });
      const enterpriseId = organisations.get(team);
      const { status } = await post(
        formBody(
          enterpriseId
            ? { ...fields, enterprise_id: enterpriseId, enterprise_name: `Org ${enterpriseId}` }
            : fields,
        ),
      );
      if (status !== 200) throw new Error(`the command answered ${status}`);
      return triggerId;
    };
    const modal: SignedOAuthShipwatch['modal'] = async (callbackId, from) => {
      const filled = await until(
        () =>
          slack.calls
            .slice(from)
            .find((call) => call.method === 'views.update' && JSON.stringify(call.args).includes(callbackId)),
        `the ${callbackId} form`,
      );
      return String(filled.args.view_id);
    };
    /** Signs and posts an interaction payload from `team`. */
    const interact = (team: string, payload: Record<string, unknown>) =>
      post(formBody(interactionFields(fromOrganisation(team, payload))));
    const submit: SignedOAuthShipwatch['submit'] = (team, user, viewId, callbackId, values) =>
      interact(
        team,
        viewSubmissionPayload(teamSource(team), {
          user: { id: user, name: user.toLowerCase() },
          view: openedModal(teamSource(team), { viewId, callbackId, privateMetadata: '', hash: nextId('H') }),
          stateValues: enteredState(values),
          triggerId: nextId('TRIG'),
        }),
      );
    const click: SignedOAuthShipwatch['click'] = (team, user, button) =>
      interact(
        team,
        blockActionsPayload(teamSource(team), {
          user: { id: user, name: user.toLowerCase() },
          origin: {
            kind: 'message',
            messageTs: button.messageTs,
            threadTs: null,
            isEphemeral: false,
            message: { type: 'message', ts: button.messageTs, blocks: button.blocks ?? [] },
            responseUrl: slack.responseUrls.newUrl(),
          },
          action: {
            type: 'button',
            action_id: button.actionId,
            block_id: 'b1',
            value: button.value,
            action_ts: String(Date.now() / 1000),
          },
          stateValues: {},
          triggerId: nextId('TRIG'),
        }),
      );

    return {
      slack,
      shipwatch,
      url,
      install: async (team) =>
        (await installInBrowser(url, slack, typeof team === 'string' ? workspaceGrant(team) : team)).status,
      inOrganisation: (team, enterpriseId) => {
        organisations.set(team, enterpriseId);
      },
      click,
      post,
      command,
      modal,
      submit,
      async connect(team, key, user) {
        const from = slack.calls.length;
        await command(team, 'connect', user, '/shipwatch');
        const viewId = await modal(VIEW.connect, from);
        const { status } = await submit(team, user, viewId, VIEW.connect, {
          [INPUT.connectKey.block]: { [INPUT.connectKey.action]: key },
        });
        if (status !== 200) throw new Error(`the connect form answered ${status}`);
      },
      postsIn: (team, from) =>
        slack.calls
          .slice(from)
          .filter((call) => call.method === 'chat.postMessage' && call.args.channel === `C0${team}`),
      async stop() {
        await shipwatch.stop();
        await running.close();
        await slack.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await api?.close();
    await slack.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
