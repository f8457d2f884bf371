/**
 * Faults survived on the read path: `/shipment <BL>` over signed HTTP while the tracking API hangs, resets, fails
 * with 5xx, rate-limits, or sends garbage. Each time the person gets a specific answer quickly (never silence, never
 * the generic "something went wrong on our side", never a stack or an HTML page), reads are retried within the
 * client's bounds (counted at the simulator), the bot answers the next request normally, and no promise rejection
 * goes unhandled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { type VisibleAnswer, waitForAnswer } from '../helpers/hardening/answers.js';
import { elementsOf } from '../helpers/hardening/cards.js';
import { fetchDocument, withNullsAndExtras } from '../helpers/hardening/documents.js';
import {
  describeReasons,
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { FAST_CLIENT, startWorld, type World } from '../helpers/hardening/world.js';

const BL = DEMO.shipments.slippedEta.bl;
const LIST = { method: 'GET', path: '/shipments' } as const;
/** Slack's patience is 3 s for the ack; the answer itself must come well within this. */
const ANSWER_BOUND_MS = 12_000;
const NOT_ANSWERING = /tracking API is not answering/i;
const GENERIC = /Something went wrong on our side/i;
const MAX_ATTEMPTS = FAST_CLIENT.maxRetries + 1;

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

/** Sends `/shipment BL` and returns the first answer, checking the ack and the time bound. */
async function askForShipment(text = BL): Promise<VisibleAnswer> {
  world.resetRecords();
  const sent = await world.command('/shipment', text);
  expect(sent.status).toBe(200);
  expect(sent.elapsedMs).toBeLessThan(3_000);
  const answer = await waitForAnswer(world, sent, () => true, ANSWER_BOUND_MS);
  expect(answer.afterMs).toBeLessThan(ANSWER_BOUND_MS);
  return answer;
}

/** Attempts the simulator saw at the shipment lookup. */
function lookupAttempts(): number {
  return world.sim.requests.filter((request) => request.method === 'GET' && request.path === '/shipments')
    .length;
}

function isShipmentCard(answer: VisibleAnswer): boolean {
  const blocks = Array.isArray(answer.surface.blocks) ? answer.surface.blocks : [];
  return (
    answer.text.includes(BL) &&
    elementsOf(blocks).some((element) => element.actionId === ACTION.shipmentRefresh)
  );
}

/** The check every scenario ends with: the fault is gone, and the very next request gets the card. */
async function expectServedNormallyAfterwards(): Promise<void> {
  world.sim.faults.clear();
  const answer = await askForShipment();
  expect(isShipmentCard(answer), answer.text).toBe(true);
  expect(answer.via).toBe('message');
}

describe('when the tracking API does not answer at all', () => {
  it('says the API is not answering when every attempt hangs, after at most the allowed attempts', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'hang', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).toMatch(NOT_ANSWERING);
    expect(lookupAttempts()).toBeGreaterThanOrEqual(2);
    expect(lookupAttempts()).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await expectServedNormallyAfterwards();
  });

  it('shows the card when only the first attempt hangs (the retry answers)', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'hang', times: 1 });
    const answer = await askForShipmentWithFaults();
    expect(isShipmentCard(answer), answer.text).toBe(true);
    expect(lookupAttempts()).toBe(2);
  });

  it('says the API is not answering when every connection is reset', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'reset', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).toMatch(NOT_ANSWERING);
    expect(lookupAttempts()).toBeGreaterThanOrEqual(2);
    expect(lookupAttempts()).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await expectServedNormallyAfterwards();
  });
});

describe('when the tracking API fails with server errors', () => {
  it('rides out a 500 then a 502 and shows the card from the third attempt', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'status', status: 500, times: 1 });
    world.sim.faults.add({ match: LIST, kind: 'status', status: 502, times: 1 });
    const answer = await askForShipmentWithFaults();
    expect(isShipmentCard(answer), answer.text).toBe(true);
    expect(lookupAttempts()).toBe(3);
  });

  it('says the API is not answering during a 503 burst longer than the retries, and stops retrying', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'status', status: 503, times: 20 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).toMatch(NOT_ANSWERING);
    expect(answer.text).not.toMatch(GENERIC);
    expect(lookupAttempts()).toBeGreaterThanOrEqual(2);
    expect(lookupAttempts()).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await expectServedNormallyAfterwards();
  });
});

describe('when the tracking API rate-limits', () => {
  it('waits out a short Retry-After and then shows the card', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'status', status: 429, retryAfterSeconds: 1, times: 1 });
    const answer = await askForShipmentWithFaults();
    expect(isShipmentCard(answer), answer.text).toBe(true);
    expect(lookupAttempts()).toBe(2);
    expect(answer.afterMs).toBeGreaterThanOrEqual(900);
  });
});

describe('when the tracking API sends something unreadable', () => {
  it('says the answer could not be read when the JSON is cut off', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'malformed_json', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).toMatch(/couldn't read/i);
    expect(answer.text).not.toMatch(GENERIC);
    expect(lookupAttempts()).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await expectServedNormallyAfterwards();
  });

  it('never shows the HTML of a Rails 404 page and answers with a specific card', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'html_404', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).not.toMatch(/<html|<!doctype|<body|&lt;html/i);
    expect(answer.text).not.toMatch(GENERIC);
    expect(answer.text).toContain(BL);
    expect(lookupAttempts()).toBeLessThanOrEqual(MAX_ATTEMPTS);
    await expectServedNormallyAfterwards();
  });

  // Bug: an HTML 404 is the API's "no such route" page (notes §5.5), not "no such shipment"; a number lookup that
  // finds nothing answers 200 with an empty list. Mapping it to not_found sends the person off to re-check a number
  // that is fine.
  it('does not tell the person their number does not exist when the lookup answers an HTML 404 page', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'html_404', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).not.toMatch(/Couldn't find|Check the number/i);
    await expectServedNormallyAfterwards();
  });

  it('answers with the card or a clear "could not read" when required fields are missing', async () => {
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'missing_fields', times: 10 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).not.toMatch(GENERIC);
    expect(/couldn't read/i.test(answer.text) || answer.text.includes(DEMO.containers.ready)).toBe(true);
    await expectServedNormallyAfterwards();
  });

  it('shows the card when every optional attribute is null and unknown members appear everywhere', async () => {
    world.resetRecords();
    await askForShipment();
    const [lookup] = world.sim.requests.filter((request) => request.path === '/shipments');
    const real = await fetchDocument(
      world.sim,
      world.simUrl,
      `/shipments?${lookup?.query ?? `number=${BL}`}`,
    );
    const sloppy = withNullsAndExtras(real, {
      shipment: ['bill_of_lading_number'],
      container: ['number'],
    });
    world.resetRecords();
    world.sim.faults.add({ match: LIST, kind: 'status', status: 200, body: sloppy, times: 1 });
    const answer = await askForShipmentWithFaults();
    expect(answer.text).not.toMatch(GENERIC);
    expect(isShipmentCard(answer), answer.text).toBe(true);
    expect(answer.text).toContain(DEMO.containers.ready);
  });
});

describe('after all of the above', () => {
  it('left no unhandled promise rejection behind', () => {
    expect(describeReasons(rejections.reasons)).toEqual([]);
  });
});

/** Like askForShipment, but keeps the faults the test just scripted (askForShipment resets records first). */
async function askForShipmentWithFaults(): Promise<VisibleAnswer> {
  world.sim.resetRequests();
  const sent = await world.command('/shipment', BL);
  expect(sent.status).toBe(200);
  expect(sent.elapsedMs).toBeLessThan(3_000);
  const answer = await waitForAnswer(world, sent, () => true, ANSWER_BOUND_MS);
  expect(answer.afterMs).toBeLessThan(ANSWER_BOUND_MS);
  return answer;
}
