/**
 * Faults survived on Slack's side: a Web API that rate-limits (429), refuses the channel (`not_in_channel`,
 * `channel_not_found`), fails, or never answers, and response_urls that have expired. The answer then takes another
 * route (response_url, ephemeral message) and still reaches the person within the bound; nothing crashes, and the
 * next request is served normally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, SET_FIELD_OPTION_PREFIX } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { eventually, type VisibleAnswer, waitForAnswer } from '../helpers/hardening/answers.js';
import { click, findElement, postCard } from '../helpers/hardening/cards.js';
import {
  describeReasons,
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { type Sent, startWorld, type World } from '../helpers/hardening/world.js';
import { nextId } from '../helpers/slack/payloads.js';

const BL = DEMO.shipments.slippedEta.bl;
const ANSWER_BOUND_MS = 12_000;
const INVITE = /Invite @Shipwatch to this channel/;

let world: World;
let rejections: RejectionRecorder;

beforeAll(async () => {
  rejections = recordUnhandledRejections();
  world = await startWorld();
});

afterAll(async () => {
  await world?.stop();
  rejections?.uninstall();
});

async function answerTo(sent: Sent, match: (answer: VisibleAnswer) => boolean = () => true) {
  expect(sent.status).toBe(200);
  expect(sent.elapsedMs).toBeLessThan(3_000);
  const answer = await waitForAnswer(world, sent, match, ANSWER_BOUND_MS);
  expect(answer.afterMs).toBeLessThan(ANSWER_BOUND_MS);
  return answer;
}

function postedTo(sent: Sent) {
  return world.responseUrls.postsTo(sent.responseUrl).map((post) => post.body);
}

/** The shared closing check: Slack is healthy again and a card is posted in the channel as usual. */
async function expectServedNormallyAfterwards(): Promise<void> {
  const sent = await world.command('/shipment', BL);
  const answer = await answerTo(sent);
  expect(answer.via).toBe('message');
  expect(answer.text).toContain(BL);
}

describe('when chat.postMessage cannot post the card', () => {
  it('delivers the card through the response_url when Slack answers ratelimited (429)', async () => {
    world.slack.failNext('chat.postMessage', { kind: 'ratelimited', retryAfterSeconds: 30 });
    const sent = await world.command('/shipment', BL);
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toContain(BL);
    expect(postedTo(sent)[0]?.response_type).toBe('in_channel');
    await expectServedNormallyAfterwards();
  });

  it('delivers the card through the response_url with an invite hint when the bot is not in the channel', async () => {
    const channelId = nextId('CNOTIN');
    world.slack.setChannelError(channelId, 'not_in_channel');
    const sent = await world.command('/shipment', BL, { channelId });
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toContain(BL);
    expect(answer.text).toMatch(INVITE);
    await expectServedNormallyAfterwards();
  });

  it('does the same when Slack says channel_not_found (a private channel the bot cannot see)', async () => {
    const channelId = nextId('GPRIVATE');
    world.slack.setChannelError(channelId, 'channel_not_found');
    const sent = await world.command('/shipment', BL, { channelId });
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toMatch(INVITE);
  });

  it('delivers the card through the response_url when chat.postMessage never answers', async () => {
    world.slack.failNext('chat.postMessage', { kind: 'hang' });
    const sent = await world.command('/shipment', BL);
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toContain(BL);
    await expectServedNormallyAfterwards();
  });

  it('delivers the card through the response_url when Slack fails with HTTP 500', async () => {
    world.slack.failNext('chat.postMessage', { kind: 'http', status: 500 });
    const sent = await world.command('/shipment', BL);
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toContain(BL);
  });
});

describe('when the response_url has expired (Slack answers 404 after 30 minutes or 5 uses)', () => {
  it('shows a private answer as an ephemeral message instead', async () => {
    const responseUrl = world.responseUrls.newUrl();
    world.responseUrls.expire(responseUrl);
    const sent = await world.command('/shipment', 'NOPE0000000', { responseUrl });
    const answer = await answerTo(sent, (candidate) => candidate.via !== 'response_url');
    expect(answer.via).toBe('ephemeral');
    expect(answer.text).toMatch(/NOPE0000000/);
  });

  it('tells a refused clicker by ephemeral message when the click’s response_url has expired', async () => {
    const guest = 'U0GUESTX';
    world.slack.setUser({ id: guest, isRestricted: true });
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    const responseUrl = world.responseUrls.newUrl();
    world.responseUrls.expire(responseUrl);
    const sent = await world.action({
      actionId: ACTION.documentRotate90,
      value: DEMO.documents.png,
      userId: guest,
      responseUrl,
      container: {
        kind: 'message',
        channelId: card.channelId,
        messageTs: card.ts,
        messageBlocks: card.blocks,
      },
    });
    const answer = await answerTo(sent, (candidate) => candidate.via === 'ephemeral');
    expect(answer.text).toMatch(/Guests can look/);
  });

  it('logs that no route reached the person when the channel also refuses, and keeps serving', async () => {
    const channelId = nextId('CNOROUTE');
    world.slack.setChannelError(channelId, 'not_in_channel');
    const userId = nextId('UNODM');
    // The last route, a DM from the bot, is closed too.
    world.slack.setChannelError(userId, 'channel_not_found');
    const responseUrl = world.responseUrls.newUrl();
    world.responseUrls.expire(responseUrl);
    const logsBefore = world.logs.length;
    await world.command('/shipment', 'NOPE0000001', { channelId, responseUrl, userId });
    await eventually(
      () =>
        world.logs
          .slice(logsBefore)
          .some((line) => line.level === 'error' && /by any route/.test(String(line.msg))),
      'an error log line saying the reply could not be delivered',
    );
    await expectServedNormallyAfterwards();
  });
});

describe('when a button’s follow-up cannot use the Web API', () => {
  it('replaces the card through the response_url when chat.update is rate-limited', async () => {
    const card = await postCard(world, '/shipment', BL);
    world.slack.failNext('chat.update', { kind: 'ratelimited', retryAfterSeconds: 10 });
    const sent = await click(world, card, findElement(card, ACTION.shipmentRefresh));
    const answer = await answerTo(sent, (candidate) => candidate.via === 'response_url');
    expect(postedTo(sent)[0]?.replace_original).toBe(true);
    expect(answer.text).toContain(BL);
  });

  it('replaces the card through the response_url when chat.update never answers', async () => {
    const card = await postCard(world, '/shipment', BL);
    world.slack.failNext('chat.update', { kind: 'hang' });
    const sent = await click(world, card, findElement(card, ACTION.shipmentRefresh));
    const answer = await answerTo(sent, (candidate) => candidate.via === 'response_url');
    expect(answer.text).toContain(BL);
  });

  it('tells the person to click again when Slack refuses to open the form (expired trigger)', async () => {
    const card = await postCard(world, '/shipment', BL);
    world.slack.failNext('views.open', { kind: 'error', error: 'expired_trigger_id' });
    const sent = await click(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    const answer = await answerTo(sent);
    expect(answer.via).toBe('response_url');
    expect(answer.text).toMatch(/Click the button again/i);
  });

  it('refuses a write without calling the API when users.info never answers', async () => {
    const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
    world.sim.resetRequests();
    world.slack.failNext('users.info', { kind: 'hang' });
    const sent = await click(world, card, findElement(card, ACTION.documentRotate270), {
      userId: 'U0UNKNOWN1',
    });
    const answer = await answerTo(sent);
    expect(answer.text).toMatch(/couldn't check your Slack account/i);
    expect(world.sim.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await expectServedNormallyAfterwards();
  });
});

describe('after all of the above', () => {
  it('left no unhandled promise rejection behind', () => {
    expect(describeReasons(rejections.reasons)).toEqual([]);
  });
});
