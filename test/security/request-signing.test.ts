/**
 * Who gets in: only requests Slack signed, recently, for exactly the bytes sent. Everything else is refused with 401
 * before any listener runs, so it reaches neither the tracking API nor Slack's Web API. `/healthz` stays open for
 * load balancers.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { waitForAnswer } from '../helpers/hardening/answers.js';
import { startWorld, type World } from '../helpers/hardening/world.js';
import { nextId, slashCommandBody } from '../helpers/slack/payloads.js';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.stop();
});

interface ForgedCommand {
  body: string;
  /** A number nothing else asks for, so any trace of this request (an API query) is unmistakable. */
  text: string;
  channelId: string;
  responseUrl: string;
}

/** A /shipment command with its own number, channel and response_url. */
function forgedCommand(): ForgedCommand {
  const text = nextId('FORGED');
  const channelId = nextId('CFORGED');
  const responseUrl = world.responseUrls.newUrl();
  const body = slashCommandBody({ command: '/shipment', text, channelId, responseUrl });
  return { body, text, channelId, responseUrl };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('signed requests', () => {
  it('accepts a request Slack signed just now and answers with the card', async () => {
    const sent = await world.command('/shipment', DEMO.shipments.slippedEta.bl);
    expect(sent.status).toBe(200);
    const answer = await waitForAnswer(world, sent);
    expect(answer.text).toContain(DEMO.shipments.slippedEta.bl);
  });
});

describe('requests Slack did not sign', () => {
  const rejected: ForgedCommand[] = [];

  const expectRefused = async (status: number, request: ForgedCommand) => {
    if (status === 401) rejected.push(request);
    expect(status).toBe(401);
  };

  it('refuses a signature made with another secret', async () => {
    const forged = forgedCommand();
    const answer = await world.postRaw(forged.body, {
      ...signSlackRequest('not-the-signing-secret', forged.body),
    });
    await expectRefused(answer.status, forged);
  });

  it('refuses a correctly signed request whose timestamp is more than five minutes old', async () => {
    const forged = forgedCommand();
    const stale = nowSeconds() - 5 * 60 - 30;
    const answer = await world.postRaw(forged.body, {
      ...signSlackRequest(world.secrets.signingSecret, forged.body, stale * 1000),
    });
    await expectRefused(answer.status, forged);
  });

  // Slack: reject a timestamp "more than five minutes from local time" — either way. Bolt's verify-request.js only
  // rejects old ones, so a request signed for next year stays replayable until then (see the hardening report).
  it('refuses a correctly signed request whose timestamp lies more than five minutes in the future', async () => {
    const forged = forgedCommand();
    const future = nowSeconds() + 10 * 60;
    const answer = await world.postRaw(forged.body, {
      ...signSlackRequest(world.secrets.signingSecret, forged.body, future * 1000),
    });
    await expectRefused(answer.status, forged);
  });

  it('refuses a valid signature replayed with a different body', async () => {
    const original = forgedCommand();
    const headers = signSlackRequest(world.secrets.signingSecret, original.body);
    const tampered = forgedCommand();
    const answer = await world.postRaw(tampered.body, { ...headers });
    await expectRefused(answer.status, tampered);
  });

  it('refuses a signature of another version (v1=) even when its digest is right', async () => {
    const forged = forgedCommand();
    const timestamp = String(nowSeconds());
    const digest = createHmac('sha256', world.secrets.signingSecret)
      .update(`v1:${timestamp}:${forged.body}`)
      .digest('hex');
    const answer = await world.postRaw(forged.body, {
      'x-slack-signature': `v1=${digest}`,
      'x-slack-request-timestamp': timestamp,
    });
    await expectRefused(answer.status, forged);
  });

  it('refuses a request with no signature headers at all', async () => {
    const forged = forgedCommand();
    const answer = await world.postRaw(forged.body, {});
    await expectRefused(answer.status, forged);
  });

  it('refuses a signature header without a timestamp header', async () => {
    const forged = forgedCommand();
    const { 'x-slack-signature': signature } = signSlackRequest(world.secrets.signingSecret, forged.body);
    const answer = await world.postRaw(forged.body, { 'x-slack-signature': signature });
    await expectRefused(answer.status, forged);
  });

  it('ran nothing for any refused request: no tracking API call, no Slack call, no response_url post', async () => {
    expect(rejected.length).toBeGreaterThanOrEqual(6);
    // A valid request afterwards is the clock: once its card is out, anything the refused ones started would be too.
    const sentinel = await world.command('/shipment', DEMO.shipments.slippedEta.bl);
    await waitForAnswer(world, sentinel);

    expect(world.sim.requests.length).toBeGreaterThan(0);
    for (const forged of rejected) {
      expect(world.sim.requests.filter((request) => request.query.includes(forged.text))).toEqual([]);
    }
    const rejectedChannels = new Set(rejected.map((request) => request.channelId));
    expect(world.slack.calls.filter((call) => rejectedChannels.has(String(call.args.channel)))).toEqual([]);
    for (const request of rejected) expect(world.responseUrls.postsTo(request.responseUrl)).toEqual([]);
  });
});

describe('the health check', () => {
  it('answers GET /healthz without any signature', async () => {
    const response = await fetch(`${world.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
