import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { HTTPModuleFunctions } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { healthRoute } from '../../../src/http/health.js';
import { createHttpServer, type HttpServer } from '../../../src/http/server.js';
import { createLogger, silentLogger } from '../../../src/logger.js';
import { buildSlackApp, EVENTS_PATH } from '../../../src/slack/create-app.js';
import {
  checkHeaders,
  checkRequestTimestamp,
  MAX_CLOCK_SKEW_SECONDS,
  readBody,
  signatureDigest,
} from '../../../src/slack/receiver/request-screen.js';
import { signSlackRequest } from '../../../src/workspace/bot-link/sign.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';

const NOW_MS = Date.parse('2026-03-10T12:00:00Z');
const NOW_S = NOW_MS / 1000;
const FORM = 'application/x-www-form-urlencoded';
const payload = (json: string) => `payload=${encodeURIComponent(json)}`;

describe('checkHeaders', () => {
  const digest = 'a'.repeat(64);
  const signed = (signature: string, timestamp = String(NOW_S)) => ({
    'x-slack-signature': signature,
    'x-slack-request-timestamp': timestamp,
  });

  it('admits exactly `v0=` and 64 lowercase hex digits, and keys a request on that digest', () => {
    expect(checkHeaders(signed(`v0=${digest}`))).toEqual({ ok: true });
    expect(signatureDigest(`v0=${digest}`)).toBe(digest);
  });

  // Bolt compares only what follows the first `=`: each of these would verify as the same signature, and look new
  // to a replay guard keyed on the header.
  it.each([
    `v0=${digest}=x`,
    `v0=${digest}=`,
    `v0=${digest} `,
    `v0=${digest}0`,
    `v0=${'A'.repeat(64)}`,
    `v0=${digest.slice(1)}`,
    `v1=${digest}`,
    `V0=${digest}`,
    'v0=00',
  ])('refuses the signature header %j with 401 before the body is read', (signature) => {
    expect(checkHeaders(signed(signature))).toMatchObject({ ok: false, status: 401 });
    expect(signatureDigest(signature)).toBeNull();
  });

  it('refuses a timestamp header that is not whole seconds', () => {
    for (const timestamp of ['1e9', ' 1700000000', '1700000000.5', '-1', '']) {
      expect(checkHeaders(signed(`v0=${digest}`, timestamp))).toMatchObject({ ok: false, status: 401 });
    }
  });
});

describe('checkRequestTimestamp', () => {
  it('refuses a timestamp more than five minutes ahead of now', () => {
    expect(checkRequestTimestamp(String(NOW_S + MAX_CLOCK_SKEW_SECONDS + 1), NOW_MS)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(checkRequestTimestamp('99999999999', NOW_MS)).toMatchObject({ ok: false, status: 401 });
    expect(checkRequestTimestamp('Infinity', NOW_MS)).toMatchObject({ ok: false, status: 401 });
  });

  it('accepts a timestamp up to five minutes ahead (clocks drift)', () => {
    expect(checkRequestTimestamp(String(NOW_S + MAX_CLOCK_SKEW_SECONDS), NOW_MS)).toEqual({ ok: true });
    expect(checkRequestTimestamp(String(NOW_S), NOW_MS)).toEqual({ ok: true });
  });

  it('leaves old, missing and unreadable timestamps to Bolt, which refuses them itself', () => {
    expect(checkRequestTimestamp(String(NOW_S - 3600), NOW_MS)).toEqual({ ok: true });
    expect(checkRequestTimestamp(undefined, NOW_MS)).toEqual({ ok: true });
    expect(checkRequestTimestamp('soon', NOW_MS)).toEqual({ ok: true });
  });
});

describe('readBody', () => {
  it('reads a slash command form, an interaction whose payload is an object and an event as Bolt would', () => {
    for (const [raw, type] of [
      ['command=%2Fshipment&text=MAEU1', FORM],
      [payload('{"type":"block_actions","actions":[{"action_id":"a"}]}'), FORM],
      ['{"type":"event_callback","event":{"type":"link_shared"}}', 'application/json'],
    ] as const) {
      const bolts = HTTPModuleFunctions.parseHTTPRequestBody(
        Object.assign(new IncomingMessage(new Socket()), {
          rawBody: Buffer.from(raw),
          headers: { 'content-type': type },
        }),
      );
      expect(readBody(raw, type)).toEqual({ ok: true, body: bolts });
    }
  });

  it.each(['null', '42', '"text"', '[]', '[null]', 'true'])('refuses payload=%s with 400', (json) => {
    expect(readBody(payload(json), FORM)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses a JSON body that is null, and a payload that is not JSON at all', () => {
    expect(readBody('null', 'application/json')).toMatchObject({ ok: false, status: 400 });
    expect(readBody('payload=%7Bbroken', FORM)).toMatchObject({ ok: false, status: 400 });
  });
});

describe('the HTTP receiver behind the guard', () => {
  const secret = 'unit-signing-secret';
  const lines: Array<Record<string, unknown>> = [];
  const servers: HttpServer[] = [];
  const tracking = createFakeTracking();

  async function startApp(clock: Clock): Promise<string> {
    const { routes, health } = buildSlackApp({
      config: loadConfig({
        SLACK_BOT_TOKEN: 'xoxb-unit-guard',
        SLACK_SIGNING_SECRET: secret,
        SLACK_API_URL: 'http://127.0.0.1:9/api/',
      }),
      tracking: tracking.client,
      logger: createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) }),
      clock,
    });
    const server = createHttpServer({ logger: silentLogger });
    for (const route of [...routes, healthRoute(health)]) server.mount(route);
    await server.listen(0, '127.0.0.1');
    servers.push(server);
    return `${server.url}${EVENTS_PATH}`;
  }

  async function post(url: string, body: string, options: { timestamp?: number; type?: string } = {}) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': options.type ?? FORM,
        ...signSlackRequest(secret, body, (options.timestamp ?? Date.now() / 1000) * 1000),
      },
      body,
      signal: AbortSignal.timeout(2_500),
    });
    return { status: response.status, text: await response.text() };
  }

  const urlVerification = JSON.stringify({ type: 'url_verification', challenge: 'c-1' });
  let url: string;

  beforeAll(async () => {
    url = await startApp(systemClock);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('refuses a correctly signed request dated ten minutes ahead with 401', async () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    const answer = await post(url, urlVerification, { timestamp: future, type: 'application/json' });
    expect(answer).toEqual({ status: 401, text: '' });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'refused a request to the Slack endpoint' }));
  });

  it('still answers a correctly signed request dated now', async () => {
    const answer = await post(url, urlVerification, { type: 'application/json' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ challenge: 'c-1' });
  });

  it('judges "ahead" by the injected clock', async () => {
    // The bot's clock runs 10 minutes ahead; a request dated 8 minutes ahead of the wall clock is 2 minutes old to it.
    const tenMinutesAhead = await startApp({ now: () => new Date(Date.now() + 600_000) });
    const eightMinutesAhead = Math.floor(Date.now() / 1000) + 480;
    const answer = await post(tenMinutesAhead, urlVerification, {
      timestamp: eightMinutesAhead,
      type: 'application/json',
    });
    expect(answer.status).toBe(200);
  });

  it('answers a signed payload=null with 400 at once', async () => {
    expect((await post(url, 'payload=null')).status).toBe(400);
  });

  it('answers a signed view_submission without a view with 400, not 500', async () => {
    const answer = await post(url, payload(JSON.stringify({ type: 'view_submission', user: { id: 'U1' } })));
    expect(answer.status).toBe(400);
    const logged = lines.find((line) => line.msg === 'refused a Slack payload the app could not route');
    expect(logged).toMatchObject({ level: 'warn' });
    expect(JSON.stringify(lines)).not.toContain('xoxb-unit-guard');
  });

  it('leaves an unsigned body that is not an object to Bolt, which refuses it with 401', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'payload=null',
    });
    expect(response.status).toBe(401);
  });

  it('keeps the health check open', async () => {
    const response = await fetch(url.replace(EVENTS_PATH, '/healthz'));
    expect(response.status).toBe(200);
  });

  it('never ran a listener or called the tracking API for any of these', () => {
    expect(tracking.calls).toEqual([]);
  });
});
