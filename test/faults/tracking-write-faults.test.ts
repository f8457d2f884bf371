/**
 * Faults survived on the write path. A write that failed or went unanswered is never repeated by the bot (the API
 * may have applied it; a second rotation would turn the scan twice), the person is told plainly that the change is
 * unconfirmed or refused, and the next write works normally.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, INPUT, SET_FIELD_OPTION_PREFIX, VIEW } from '../../src/cards/ids.js';
import { customFieldValueBlockId } from '../../src/cards/modals/index.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { eventually, waitForAnswer } from '../helpers/hardening/answers.js';
import { click, findElement, type PostedCard, postCard } from '../helpers/hardening/cards.js';
import { openCustomFieldForm, openTrackEditForm, saveCustomField } from '../helpers/hardening/modals.js';
import {
  describeReasons,
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { startWorld, type World } from '../helpers/hardening/world.js';

const ROTATE = { method: 'POST', path: /^\/documents\/[^/]+\/rotate$/ } as const;
const UNCONFIRMED = /didn't confirm the change.*may or may not have been applied/i;
const ANSWER_BOUND_MS = 12_000;

let world: World;
let rejections: RejectionRecorder;
let emailCard: PostedCard;

beforeAll(async () => {
  rejections = recordUnhandledRejections();
  world = await startWorld();
  emailCard = await postCard(world, '/email-submission', DEMO.emailSubmissions.withImages);
});

afterAll(async () => {
  await world?.stop();
  rejections?.uninstall();
});

/** Writes (anything but GET) the simulator saw, by path pattern. */
function writesTo(path: RegExp): number {
  return world.sim.requests.filter((request) => request.method !== 'GET' && path.test(request.path)).length;
}

/** Clicks Rotate 90° with `fault` scripted on the rotation; returns the first answer. */
async function rotateWith(fault: Parameters<World['sim']['faults']['add']>[0]) {
  world.sim.resetRequests();
  world.sim.faults.clear();
  world.sim.faults.add(fault);
  const logsBefore = world.logs.length;
  const sent = await click(world, emailCard, findElement(emailCard, ACTION.documentRotate90));
  expect(sent.status).toBe(200);
  expect(sent.elapsedMs).toBeLessThan(3_000);
  const answer = await waitForAnswer(world, sent, () => true, ANSWER_BOUND_MS);
  // Let the listener finish so a late retry would be counted.
  const failedWrite = (line: Record<string, unknown>) =>
    line.msg === 'write' && String(line.outcome).startsWith('failed');
  await eventually(() => world.logs.slice(logsBefore).some(failedWrite), 'the failed write log line');
  return answer;
}

describe('a rotation the API does not confirm', () => {
  it('is sent once and reported as unconfirmed when the API answers 503', async () => {
    const answer = await rotateWith({ match: ROTATE, kind: 'status', status: 503, times: 5 });
    expect(answer.via).toBe('response_url');
    expect(answer.text).toMatch(UNCONFIRMED);
    expect(writesTo(ROTATE.path)).toBe(1);
  });

  it('is sent once and reported as unconfirmed when the API hangs', async () => {
    const answer = await rotateWith({ match: ROTATE, kind: 'hang', times: 5 });
    expect(answer.text).toMatch(UNCONFIRMED);
    expect(writesTo(ROTATE.path)).toBe(1);
  });

  it('is sent once and reported as unconfirmed when the connection is reset', async () => {
    const answer = await rotateWith({ match: ROTATE, kind: 'reset', times: 5 });
    expect(answer.text).toMatch(UNCONFIRMED);
    expect(writesTo(ROTATE.path)).toBe(1);
  });

  it('works normally on the next click once the API is healthy', async () => {
    world.sim.faults.clear();
    world.sim.resetRequests();
    const sent = await click(world, emailCard, findElement(emailCard, ACTION.documentRotate180));
    const audit = await world.slack.waitForCall(
      'chat.postMessage',
      (call) =>
        call.args.channel === emailCard.channelId &&
        call.args.thread_ts === emailCard.ts &&
        call.at >= Date.now() - 5_000,
      ANSWER_BOUND_MS,
    );
    expect(String(audit.args.text)).toContain(`<@${sent.userId}>`);
    expect(writesTo(ROTATE.path)).toBe(1);
  });
});

describe('a tracking-request edit the API does not confirm', () => {
  const PATCH_TR = /^\/tracking_requests\/[^/]+$/;

  it('is sent once by /track-edit and answered with the reason when the API fails with 500', async () => {
    world.sim.resetRequests();
    world.sim.faults.add({
      match: { method: 'PATCH', path: PATCH_TR },
      kind: 'status',
      status: 500,
      times: 5,
    });
    const sent = await world.command('/track-edit', `${DEMO.trackingRequests.pending} ref=FAULT-500`);
    const answer = await waitForAnswer(world, sent, () => true, ANSWER_BOUND_MS);
    expect(answer.text).toMatch(/not answering|didn't confirm/i);
    expect(writesTo(PATCH_TR)).toBe(1);
  });

  it('is sent once from the modal and the error is shown next to the field when the API hangs', async () => {
    world.sim.faults.clear();
    const form = await openTrackEditForm(world, DEMO.trackingRequests.pending);
    world.sim.resetRequests();
    world.sim.faults.add({ match: { method: 'PATCH', path: PATCH_TR }, kind: 'hang', times: 5 });
    const answer = await world.submitView({
      callbackId: VIEW.trackEdit,
      viewId: form.viewId,
      privateMetadata: form.privateMetadata,
      values: {
        [INPUT.trackEditRef.block]: { [INPUT.trackEditRef.action]: 'FAULT-HANG' },
        [INPUT.trackEditTags.block]: { [INPUT.trackEditTags.action]: '' },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    const ack = JSON.parse(answer.body || '{}') as {
      response_action?: string;
      errors?: Record<string, string>;
    }; // SAFETY: view submission acks are JSON.
    expect(ack.response_action).toBe('errors');
    expect(Object.values(ack.errors ?? {}).join(' ')).toMatch(UNCONFIRMED);
    expect(writesTo(PATCH_TR)).toBe(1);
  });
});

describe('a custom-field value the API does not confirm', () => {
  const PATCH_FIELD = /^\/containers\/[^/]+\/custom_fields\/po_number$/;

  it('is sent once and the error is shown next to the value when the API answers 503', async () => {
    world.sim.faults.clear();
    const card = await postCard(world, '/shipment', DEMO.shipments.slippedEta.bl);
    const form = await openCustomFieldForm(
      world,
      card,
      findElement(card, ACTION.containerOverflow, SET_FIELD_OPTION_PREFIX),
    );
    world.sim.resetRequests();
    world.sim.faults.add({ match: { path: PATCH_FIELD }, kind: 'status', status: 503, times: 5 });
    const answer = await saveCustomField(world, form, 'PO-503');
    expect(answer.status).toBe(200);
    const ack = JSON.parse(answer.body || '{}') as {
      response_action?: string;
      errors?: Record<string, string>;
    }; // SAFETY: view submission acks are JSON.
    expect(ack.response_action).toBe('errors');
    expect(ack.errors?.[customFieldValueBlockId('po_number')]).toMatch(UNCONFIRMED);
    expect(writesTo(PATCH_FIELD)).toBe(1);
  });
});

// Last: a 429 pauses every sender for its Retry-After, by design, so it would delay the scenarios after it.
describe('a rotation the API rate-limits', () => {
  it('is sent once even when a 429 asks for only one second, and the person is told when to retry', async () => {
    const answer = await rotateWith({
      match: ROTATE,
      kind: 'status',
      status: 429,
      retryAfterSeconds: 1,
      times: 5,
    });
    expect(answer.text).toMatch(/limiting requests.*try again in 1 s.*Nothing was changed/i);
    expect(writesTo(ROTATE.path)).toBe(1);
  });
});

describe('after all of the above', () => {
  it('left no unhandled promise rejection behind', () => {
    expect(describeReasons(rejections.reasons)).toEqual([]);
  });
});
