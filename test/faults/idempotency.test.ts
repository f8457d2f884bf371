/**
 * One intent, one write. People double-click (two payloads ~0.3 s apart with different action_ts), Slack and proxies
 * re-deliver requests (X-Slack-Retry-Num), and a Save pressed twice submits the same view twice. Each of these must
 * reach the tracking API once — while a different person, or a different value, is a new intent and is not dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, VIEW } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { eventually, waitForAnswer } from '../helpers/hardening/answers.js';
import { click, findElement, type PostedCard, postCard } from '../helpers/hardening/cards.js';
import { type OpenedForm, openTrackEditForm } from '../helpers/hardening/modals.js';
import { startWorld, type World } from '../helpers/hardening/world.js';

const ROTATE = /^\/documents\/[^/]+\/rotate$/;
const PATCH_TR = /^\/tracking_requests\/[^/]+$/;
const RETRY_HEADERS = { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' };

/** Slack signs a retry anew, a moment later: the same signature twice is a replay, refused before any listener. */
function retryHeaders(body: string): Record<string, string> {
  return {
    ...RETRY_HEADERS,
    ...signSlackRequest(world.secrets.signingSecret, body, Date.now() + 1_000),
  };
}

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.stop();
});

function writes(path: RegExp): number {
  return world.sim.requests.filter((request) => request.method !== 'GET' && path.test(request.path)).length;
}

/** Waits until `count` write log lines with `outcome` exist after `from`, i.e. every delivery was fully handled. */
async function handled(from: number, count: number): Promise<void> {
  await eventually(
    () => world.logs.slice(from).filter((line) => line.msg === 'write').length >= count,
    `${count} write log line(s)`,
  );
}

async function freshEmailCard(): Promise<PostedCard> {
  const card = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
  world.sim.resetRequests();
  return card;
}

describe('a double-clicked Rotate button', () => {
  it('rotates once when both clicks arrive together', async () => {
    const card = await freshEmailCard();
    const rotate = findElement(card, ACTION.documentRotate90);
    const from = world.logs.length;
    const [first, second] = await Promise.all([click(world, card, rotate), click(world, card, rotate)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(actionTs(first.rawBody)).not.toBe(actionTs(second.rawBody));
    await handled(from, 2);
    expect(writes(ROTATE)).toBe(1);
    expect(
      world.logs
        .slice(from)
        .filter((line) => line.msg === 'write')
        .map((line) => line.outcome),
    ).toEqual(expect.arrayContaining(['ok', 'duplicate']));
  });

  it('rotates once when the second click comes 300 ms later, after the first finished', async () => {
    const card = await freshEmailCard();
    const rotate = findElement(card, ACTION.documentRotate180);
    const from = world.logs.length;
    await click(world, card, rotate);
    await handled(from, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await click(world, card, rotate);
    await handled(from, 2);
    expect(writes(ROTATE)).toBe(1);
  });

  it('still rotates for a second person clicking the same button (a different intent)', async () => {
    const card = await freshEmailCard();
    const rotate = findElement(card, ACTION.documentRotate270);
    const from = world.logs.length;
    await Promise.all([
      click(world, card, rotate, { userId: 'U0FIRST' }),
      click(world, card, rotate, { userId: 'U0SECOND' }),
    ]);
    await handled(from, 2);
    expect(writes(ROTATE)).toBe(2);
  });
});

describe('a request Slack re-delivers with X-Slack-Retry-Num: 1', () => {
  it('rotates once when the same click payload arrives again as a retry', async () => {
    const card = await freshEmailCard();
    const from = world.logs.length;
    const first = await click(world, card, findElement(card, ACTION.documentRotate90));
    const retry = await world.postSigned(first.rawBody, retryHeaders(first.rawBody));
    expect(retry.status).toBe(200);
    await handled(from, 2);
    expect(writes(ROTATE)).toBe(1);
  });

  // Bug: slash commands have no de-duplication, so a re-delivered `/track-edit <id> ref=…` PATCHes twice.
  it('edits the tracking request once when the same /track-edit command arrives again as a retry', async () => {
    world.sim.resetRequests();
    const sent = await world.command('/track-edit', `${DEMO.trackingRequests.created} ref=RETRIED-ONCE`);
    await waitForAnswer(world, sent, (answer) => answer.via === 'message');
    const retry = await world.postSigned(
      sentBody(sent.responseUrl),
      retryHeaders(sentBody(sent.responseUrl)),
    );
    expect(retry.status).toBe(200);
    // A retry that is acted on shows up as a second PATCH within a few hundred ms; give it a full second.
    await eventually(() => writes(PATCH_TR) > 1, 'a second PATCH', 1_000).catch(() => undefined);
    expect(writes(PATCH_TR)).toBe(1);
  });
});

describe('a view submitted twice', () => {
  const values = (ref: string) => ({
    [INPUT.trackEditRef.block]: { [INPUT.trackEditRef.action]: ref },
    [INPUT.trackEditTags.block]: { [INPUT.trackEditTags.action]: 'urgent' },
  });
  const submit = (form: OpenedForm, ref: string, headers: Record<string, string> = {}) =>
    world.submitView(
      {
        callbackId: VIEW.trackEdit,
        viewId: form.viewId,
        privateMetadata: form.privateMetadata,
        values: values(ref),
      },
      headers,
    );

  it('saves once when Save is pressed twice at the same moment', async () => {
    const form = await openTrackEditForm(world, DEMO.trackingRequests.awaitingManifest);
    world.sim.resetRequests();
    const [first, second] = await Promise.all([
      submit(form, 'TWICE-TOGETHER'),
      submit(form, 'TWICE-TOGETHER'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await eventually(() => writes(PATCH_TR) >= 1, 'the PATCH');
    expect(writes(PATCH_TR)).toBe(1);
  });

  it('saves once when the same submission arrives again after the first was saved', async () => {
    const form = await openTrackEditForm(world, DEMO.trackingRequests.retrying);
    world.sim.resetRequests();
    const first = await submit(form, 'TWICE-APART');
    expect(JSON.parse(first.body || '{}')).toEqual({ response_action: 'clear' });
    const again = await world.postSigned(first.rawBody, retryHeaders(first.rawBody));
    expect(again.status).toBe(200);
    expect(writes(PATCH_TR)).toBe(1);
  });

  it('saves again when the same view is submitted with corrected values (a new intent)', async () => {
    const form = await openTrackEditForm(world, DEMO.trackingRequests.failed);
    world.sim.resetRequests();
    await submit(form, 'FIRST-VALUE');
    await submit(form, 'CORRECTED-VALUE');
    expect(writes(PATCH_TR)).toBe(2);
  });
});

/** The exact bytes of the request whose response_url is `responseUrl`, as the world sent them. */
function sentBody(responseUrl: string): string {
  const body = world.sentBodies.find((candidate) => candidate.includes(encodeURIComponent(responseUrl)));
  if (!body) throw new Error(`no command body with response_url ${responseUrl}`);
  return body;
}

/** The action_ts of a block_actions form body. */
function actionTs(rawBody: string): unknown {
  const payload: unknown = JSON.parse(new URLSearchParams(rawBody).get('payload') ?? '{}');
  const actions = (payload as { actions?: Array<{ action_ts?: unknown }> }).actions; // SAFETY: read-only probe.
  return actions?.[0]?.action_ts;
}
