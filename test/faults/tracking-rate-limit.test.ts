/**
 * A 429 whose Retry-After is longer than a person should wait: the bot says exactly when to try again instead of
 * holding the command, sends nothing more to the API until then, and answers every request in the meantime at once
 * with the same advice. (Its own world: the client stays paused for the Retry-After, by design.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { waitForAnswer } from '../helpers/hardening/answers.js';
import {
  describeReasons,
  type RejectionRecorder,
  recordUnhandledRejections,
} from '../helpers/hardening/unhandled-rejections.js';
import { startWorld, type World } from '../helpers/hardening/world.js';

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

describe('when the tracking API answers 429 with Retry-After: 30', () => {
  it('tells the person to try again in 30 seconds, after one request and well within the bound', async () => {
    world.sim.faults.add({
      match: { method: 'GET' },
      kind: 'status',
      status: 429,
      retryAfterSeconds: 30,
      times: 5,
    });
    const sent = await world.command('/shipment', DEMO.shipments.slippedEta.bl);
    expect(sent.status).toBe(200);
    const answer = await waitForAnswer(world, sent, () => true, 12_000);
    expect(answer.text).toMatch(/try again in 30 seconds/i);
    expect(answer.afterMs).toBeLessThan(3_000);
    expect(world.sim.requests).toHaveLength(1);
  });

  it('answers the next command at once with the remaining wait, without calling the API again', async () => {
    world.sim.resetRequests();
    const sent = await world.command('/shipment', DEMO.shipments.arrived.bl);
    const answer = await waitForAnswer(world, sent, () => true, 12_000);
    expect(answer.text).toMatch(/try again in (2\d|30) seconds/i);
    expect(answer.afterMs).toBeLessThan(2_000);
    expect(world.sim.requests).toEqual([]);
  });

  it('left no unhandled promise rejection behind', () => {
    expect(describeReasons(rejections.reasons)).toEqual([]);
  });
});
