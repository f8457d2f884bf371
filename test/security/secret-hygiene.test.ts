/**
 * Secret hygiene. The bot runs with recognisable fake secrets (bot token, signing secret, tracking API key — the key
 * carried to the API through the key gate) through commands, buttons, modals, tracking faults, Slack failures,
 * forged requests and a revoked key. Then every log line, every Web API payload, every response_url body, every HTTP
 * answer, every error the tracking client raised, every unhandled rejection and everything written to stdout/stderr
 * is searched for the secrets. One hit anywhere fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, SET_FIELD_OPTION_PREFIX, VIEW } from '../../src/cards/ids.js';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { silentLogger } from '../../src/logger.js';
import { startService } from '../../src/service/index.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { createTrackingClient } from '../../src/tracking/index.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { waitForAnswer } from '../helpers/hardening/answers.js';
import { click, elementsOf, findElement, postCard } from '../helpers/hardening/cards.js';
import { FAKE_SECRETS, findSecretLeaks } from '../helpers/hardening/fake-secrets.js';
import { openCustomFieldForm, openTrackEditForm, saveCustomField } from '../helpers/hardening/modals.js';
import { describeErrorDeeply } from '../helpers/hardening/recording-tracking.js';
import {
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { type Sent, startWorld, type World } from '../helpers/hardening/world.js';
import { startFakeSlackApi } from '../helpers/slack/fake-slack-api.js';
import { nextId, slashCommandBody } from '../helpers/slack/payloads.js';

const BL = DEMO.shipments.slippedEta.bl;

let world: World;
let rejections: RejectionRecorder;
const written: string[] = [];
const restoreWrites: Array<() => void> = [];
const startupErrors: unknown[] = [];

/** Records everything written to stdout and stderr (still passing it through). */
function captureStream(stream: NodeJS.WriteStream): () => void {
  const original = stream.write;
  const patched = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
    written.push(
      typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk),
    );
    // SAFETY: forwards the exact arguments Node passed to write().
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  };
  stream.write = patched as typeof stream.write; // SAFETY: same call signature as the original write.
  return () => {
    stream.write = original;
  };
}

async function answered(sent: Sent, match?: Parameters<typeof waitForAnswer>[2]) {
  return waitForAnswer(world, sent, match, 12_000);
}

beforeAll(async () => {
  rejections = recordUnhandledRejections();
  restoreWrites.push(captureStream(process.stdout), captureStream(process.stderr));
  world = await startWorld();
}, 60_000);

afterAll(async () => {
  await world?.stop();
  for (const restore of restoreWrites) restore();
  rejections?.uninstall();
});

describe('the bot, run through everything with fake secrets', () => {
  it('used the fake API key on every tracking request', async () => {
    const sent = await world.command('/shipment', BL);
    await answered(sent);
    expect(world.gate.authorizations.length).toBeGreaterThan(0);
    expect(new Set(world.gate.authorizations)).toEqual(new Set([`Token ${FAKE_SECRETS.apiKey}`]));
    expect(world.gate.refused).toBe(0);
  });

  it('answers every command, including usage, not-found and help', async () => {
    const commands: Array<[string, string]> = [
      ['/shipment', BL],
      ['/shipment', DEMO.containers.onHold],
      ['/shipment', `${DEMO.shipments.manyContainers.booking} private`],
      ['/shipment', 'NOTHING4242'],
      ['/shipment', ''],
      ['/vessel', DEMO.vessels.withPositions.imo],
      ['/vessel', 'not-a-vessel'],
      ['/email-submission', DEMO.emailSubmissions.withImages],
      ['/email-submission', 'missing-id'],
      ['/track-edit', `${DEMO.trackingRequests.created} ref=HYGIENE tags=a,b`],
      ['/track-edit', 'nope ref=x'],
      ['/shipwatch', 'help'],
      ['/shipwatch', 'frobnicate'],
    ];
    const unanswered: string[] = [];
    for (const [command, text] of commands) {
      const sent = await world.command(command, text);
      const answer = await answered(sent);
      if (sent.status !== 200 || answer.text.trim() === '') unanswered.push(`${command} ${text}`);
    }
    expect(unanswered).toEqual([]);
  });

  it('handles buttons, menus and modals', async () => {
    const card = await postCard(world, '/shipment', DEMO.shipments.manyContainers.id);
    const clicks = [findElement(card, ACTION.shipmentRefresh)];
    const showAll = elementsOf(card.blocks).find(
      (element) => element.actionId === ACTION.shipmentShowAllContainers,
    );
    if (showAll) clicks.push(showAll);
    const vessel = elementsOf(card.blocks).find((element) => element.actionId === ACTION.shipmentOpenVessel);
    if (vessel) clicks.push(vessel);
    const clickAnswers = [];
    for (const element of clicks) clickAnswers.push(await answered(await click(world, card, element)));
    expect(clickAnswers.map((answer) => answer.text.trim() !== '')).toEqual(clicks.map(() => true));

    const form = await openCustomFieldForm(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    const saved = await saveCustomField(world, form, 'PO-HYGIENE');
    const edit = await openTrackEditForm(world, DEMO.trackingRequests.pending);
    const tampered = await world.submitView({
      callbackId: VIEW.trackEdit,
      viewId: edit.viewId,
      privateMetadata: 'tampered{',
      values: { [INPUT.trackEditRef.block]: { [INPUT.trackEditRef.action]: 'X' } },
    });

    expect([form.viewId, edit.viewId].every((id) => id !== '')).toBe(true);
    expect([saved.status, tampered.status]).toEqual([200, 200]);

    const email = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    const rotated = await answered(await click(world, email, findElement(email, ACTION.documentRotate90)));
    expect(rotated.text.trim()).not.toBe('');
  });

  it('survives tracking API faults on reads and writes', async () => {
    const list = { method: 'GET', path: '/shipments' } as const;
    const faults = [
      { match: list, kind: 'status' as const, status: 500, times: 10 },
      { match: list, kind: 'hang' as const, times: 10 },
      { match: list, kind: 'reset' as const, times: 10 },
      { match: list, kind: 'malformed_json' as const, times: 10 },
      { match: list, kind: 'html_404' as const, times: 10 },
      { match: list, kind: 'status' as const, status: 429, retryAfterSeconds: 1, times: 1 },
    ];
    const answers = [];
    for (const fault of faults) {
      world.sim.faults.clear();
      world.sim.faults.add(fault);
      const sent = await world.command('/shipment', BL);
      answers.push({ status: sent.status, text: (await answered(sent)).text });
    }
    world.sim.faults.clear();
    world.sim.faults.add({ match: { method: 'POST' }, kind: 'status', status: 503, times: 5 });
    const email = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    const rotate = await click(world, email, findElement(email, ACTION.documentRotate180));
    answers.push({ status: rotate.status, text: (await answered(rotate)).text });
    world.sim.faults.clear();
    // Every read fault and the failed write was acknowledged and answered with words, not left hanging.
    expect(answers.filter((answer) => answer.status !== 200 || answer.text.trim() === '')).toEqual([]);
    expect(answers).toHaveLength(faults.length + 1);
  });

  it('tells people the key was rejected when the API revokes it, without showing the key', async () => {
    world.gate.forwardUnchanged = true;
    try {
      const answer = await answered(await world.command('/shipment', BL));
      expect(answer.text).toMatch(/key was rejected/i);
    } finally {
      world.gate.forwardUnchanged = false;
    }
  });

  it('survives Slack failures: rate limits, missing membership, timeouts, expired response_urls and triggers', async () => {
    const routes: string[] = [];
    const answer = async (sent: Sent, match?: Parameters<typeof waitForAnswer>[2]) => {
      expect(sent.status).toBe(200);
      routes.push((await answered(sent, match)).via);
    };
    world.slack.failNext('chat.postMessage', { kind: 'ratelimited', retryAfterSeconds: 30 });
    await answer(await world.command('/shipment', BL));
    const outside = nextId('CNOTIN');
    world.slack.setChannelError(outside, 'not_in_channel');
    await answer(await world.command('/shipment', BL, { channelId: outside }));
    world.slack.failNext('chat.postMessage', { kind: 'hang' });
    await answer(await world.command('/shipment', BL));
    world.slack.failNext('chat.postMessage', { kind: 'error', error: 'invalid_auth' });
    await answer(await world.command('/shipment', BL));
    const expired = world.responseUrls.newUrl();
    world.responseUrls.expire(expired);
    await answer(
      await world.command('/shipment', 'NOTHING4243', { responseUrl: expired }),
      (a) => a.via !== 'response_url',
    );
    const card = await postCard(world, '/shipment', BL);
    world.slack.failNext('views.open', { kind: 'error', error: 'expired_trigger_id' });
    await answer(
      await click(world, card, findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX)),
    );
    world.slack.failNext('users.info', { kind: 'http', status: 500 });
    const email = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    await answer(
      await click(world, email, findElement(email, ACTION.documentRotate270), { userId: 'U0NEWUSER' }),
    );
    // Each failure was survived by answering another way: the expired response_url was not the route used.
    expect(routes).toHaveLength(7);
    expect(routes[4]).not.toBe('response_url');
  });

  it('refuses forged and stale requests', async () => {
    const body = slashCommandBody({
      command: '/shipment',
      text: BL,
      responseUrl: world.responseUrls.newUrl(),
    });
    const statuses = [
      await world.postRaw(body, { ...signSlackRequest('wrong-secret', body) }),
      await world.postRaw(body, { ...signSlackRequest(FAKE_SECRETS.signingSecret, body, 1_600_000_000_000) }),
      await world.postRaw(body, { 'x-slack-signature': 'v0=00', 'x-slack-request-timestamp': 'abc' }),
      await world.postRaw('payload=%7Bbroken', {
        ...signSlackRequest(FAKE_SECRETS.signingSecret, 'payload=%7Bbroken'),
      }),
    ].map((answer) => answer.status);
    // Forged and stale signatures are refused; a correctly signed body that is not a payload is refused too.
    expect(statuses).toEqual([401, 401, 401, 400]);
  });

  it('refuses to start with a token Slack rejects, and says so without the token', async () => {
    const slack = await startFakeSlackApi({ botToken: 'xoxb-the-only-token-slack-knows' });
    const tracking = createTrackingClient({ baseUrl: world.simUrl, apiKey: FAKE_SECRETS.apiKey });
    try {
      const config = loadConfig({
        SLACK_BOT_TOKEN: FAKE_SECRETS.botToken,
        SLACK_SIGNING_SECRET: FAKE_SECRETS.signingSecret,
        SLACK_API_URL: slack.url,
        TRACKING_API_KEY: FAKE_SECRETS.apiKey,
      });
      const started = startService({
        config,
        tracking,
        logger: silentLogger,
        clock: { now: () => new Date() },
        port: 0,
      });
      const error = await started.then(
        async (bot) => {
          await bot.stop();
          return null;
        },
        (failure: unknown) => failure,
      );
      startupErrors.push(error);
      expect(error).toBeInstanceOf(ConfigError);
    } finally {
      await tracking.close();
      await slack.close();
    }
  });

  it('keeps configuration errors free of the values it refuses', () => {
    const attempts = [
      { SLACK_APP_TOKEN: FAKE_SECRETS.botToken, SLACK_BOT_TOKEN: FAKE_SECRETS.botToken },
      { SLACK_BOT_TOKEN: FAKE_SECRETS.botToken },
      { SLACK_SIGNING_SECRET: FAKE_SECRETS.signingSecret },
      { TRACKING_API_URL: `ftp://${FAKE_SECRETS.apiKey}@host`, TRACKING_API_KEY: FAKE_SECRETS.apiKey },
      { SLACK_API_URL: FAKE_SECRETS.signingSecret },
      { PORT: FAKE_SECRETS.apiKey },
      { LOG_LEVEL: FAKE_SECRETS.apiKey },
    ];
    for (const env of attempts) {
      let failure: unknown = null;
      try {
        loadConfig(env);
      } catch (error) {
        failure = error;
      }
      expect(failure, JSON.stringify(Object.keys(env))).toBeInstanceOf(ConfigError);
      startupErrors.push(failure);
    }
  });
});

describe('OAuth configuration errors', () => {
  const OAUTH_SECRETS = {
    clientSecret: 'FAKE-CLIENT-SECRET-CONFIG-4R8T',
    stateSecret: 'FAKE-STATE-SECRET-CONFIG-9Y3U6I',
    encryptionKey: Buffer.alloc(32, 0x3c).toString('base64'),
  };
  const oauth = {
    SLACK_CLIENT_ID: '1.2',
    SLACK_CLIENT_SECRET: OAUTH_SECRETS.clientSecret,
    SLACK_STATE_SECRET: OAUTH_SECRETS.stateSecret,
    SLACK_SIGNING_SECRET: FAKE_SECRETS.signingSecret,
    SHIPWATCH_ENCRYPTION_KEY: OAUTH_SECRETS.encryptionKey,
    SHIPWATCH_PUBLIC_URL: 'https://sw.example.com',
  };

  it('never carry the client secret, the state secret, an encryption key or the bot token', () => {
    const attempts: Array<Record<string, string>> = [
      { ...oauth, SLACK_BOT_TOKEN: FAKE_SECRETS.botToken },
      { ...oauth, SLACK_CLIENT_ID: '' },
      { ...oauth, SLACK_STATE_SECRET: 'short' },
      { ...oauth, SHIPWATCH_ENCRYPTION_KEY: OAUTH_SECRETS.clientSecret },
      { ...oauth, SHIPWATCH_ENCRYPTION_KEY_PREVIOUS: OAUTH_SECRETS.stateSecret },
      { ...oauth, SHIPWATCH_PUBLIC_URL: `https://${OAUTH_SECRETS.clientSecret}@host/path` },
      { ...oauth, SHIPWATCH_ENCRYPTION_KEY: '' },
    ];
    const errors = attempts.map((env) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        return error;
      }
    });
    expect(errors.every((error) => error instanceof ConfigError)).toBe(true);
    const texts = errors.map((error, index) => ({
      where: `error #${index}`,
      text: describeErrorDeeply(error),
    }));
    expect(findSecretLeaks(texts, { ...OAUTH_SECRETS, botToken: FAKE_SECRETS.botToken })).toEqual([]);
  });
});

describe('what the scenarios above left behind', () => {
  it('would notice a secret, or just its random tail, if one were there', () => {
    const planted = [
      { where: 'full', text: `authorization: Bearer ${FAKE_SECRETS.botToken}` },
      { where: 'tail', text: `key …${FAKE_SECRETS.apiKey.slice(-12)}` },
      { where: 'clean', text: 'nothing to see' },
    ];
    expect(findSecretLeaks(planted).map((leak) => [leak.where, leak.secret])).toEqual([
      ['full', 'botToken'],
      ['tail', 'apiKey'],
    ]);
  });

  it('has no secret in any log line', () => {
    expect(world.logLines.length).toBeGreaterThan(50);
    expect(
      findSecretLeaks(world.logLines.map((text, index) => ({ where: `log line ${index}`, text }))),
    ).toEqual([]);
  });

  it('has no secret in any Web API payload (other than the bot token in its Authorization header)', () => {
    expect(world.slack.calls.length).toBeGreaterThan(20);
    const payloads = world.slack.calls.map((call, index) => ({
      where: `${call.method} #${index} args`,
      text: JSON.stringify(call.args),
    }));
    expect(findSecretLeaks(payloads)).toEqual([]);
    const wrongToken = world.slack.calls.filter((call) => call.token !== FAKE_SECRETS.botToken);
    expect(wrongToken.map((call) => call.method)).toEqual([]);
  });

  it('has no secret in any response_url body or HTTP answer to Slack', () => {
    const bodies = world.responseUrls.posts.map((post, index) => ({
      where: `response_url post #${index}`,
      text: JSON.stringify(post.body),
    }));
    const answers = world.answers.map((answer, index) => ({
      where: `HTTP answer #${index}`,
      text: answer.body,
    }));
    expect(bodies.length).toBeGreaterThan(10);
    expect(findSecretLeaks([...bodies, ...answers])).toEqual([]);
  });

  it('has no secret in any error: tracking errors, start-up and config errors, unhandled rejections', () => {
    expect(world.trackingErrors.length).toBeGreaterThan(5);
    const errors = [
      ...world.trackingErrors.map(({ method, error }, index) => ({
        where: `tracking error #${index} (${method})`,
        text: describeErrorDeeply(error),
      })),
      ...startupErrors.map((error, index) => ({
        where: `start-up error #${index}`,
        text: describeErrorDeeply(error),
      })),
      ...rejections.reasons.map((reason, index) => ({
        where: `rejection #${index}`,
        text: describeErrorDeeply(reason),
      })),
    ];
    expect(findSecretLeaks(errors)).toEqual([]);
  });

  it('has no secret in anything written to stdout or stderr, nor in any API query string', () => {
    expect(
      findSecretLeaks(written.map((text, index) => ({ where: `stdout/stderr write #${index}`, text }))),
    ).toEqual([]);
    const queries = world.sim.requests.map((request, index) => ({
      where: `API request #${index}`,
      text: `${request.path}?${request.query}`,
    }));
    expect(findSecretLeaks(queries)).toEqual([]);
  });
});
