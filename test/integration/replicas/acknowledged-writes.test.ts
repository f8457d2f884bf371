/**
 * An acknowledged write is never lost: `/track-edit <id> ref=…` records its intent in the store before Slack gets the
 * ack, so a replica SIGKILLed the moment its ack left still leaves a trace another replica acts on — the write done and
 * audited, or the person told it may not have been applied. Two real `shipwatch start` processes on one PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { type ReplicaWorld, startReplicaWorld } from './replica-world.js';

/** Short, so the dead replica's intent is recovered within seconds (the default is 60 s). */
const WRITE_LEASE_MS = 3_000;
const UNSURE = /may or may not have been applied/;

async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

describe('a write acknowledged by a replica that dies right after its ack', () => {
  let world: ReplicaWorld;

  beforeAll(async () => {
    world = await startReplicaWorld({ replicas: 2, quotaPerMinute: 100, writeLeaseMs: WRITE_LEASE_MS });
  });

  afterAll(async () => {
    await world?.stop();
  });

  it(
    'is in the store before the ack leaves, and ends written and audited or reported to the person — once',
    async () => {
      const userId = 'U0ACKED';
      const value = 'ACKED-THEN-KILLED';
      // The write itself is slow, so the replica dies before the API could have answered it.
      world.sim.faults.add({
        match: { method: 'PATCH', path: /^\/tracking_requests\// },
        kind: 'delay',
        delayMs: 1_500,
        times: 5,
      });
      let victim = '';
      const stop = world.proxy.onAnswer((entry) => {
        if (victim || entry.status !== 200) return;
        victim = entry.replica;
        const replica = world.replicas.find((candidate) => candidate.name === entry.replica);
        void replica?.kill('SIGKILL');
      });
      const sent = await world.command(`${DEMO.trackingRequests.created} ref=${value}`, {
        command: '/track-edit',
        userId,
      });
      stop();
      expect(sent.status).toBe(200);
      expect(victim).not.toBe('');

      const intents = await world.query<{ kind: string; state: string }>(
        "SELECT kind, state FROM intents WHERE kind = 'track_edit_command'",
      );
      expect(intents).toEqual([
        { kind: 'track_edit_command', state: expect.stringMatching(/running|written|finished/) },
      ]);

      const patches = () => world.served('PATCH', `/tracking_requests/${DEMO.trackingRequests.created}`);
      const told = () => world.noticesTo(userId).filter((call) => UNSURE.test(JSON.stringify(call.args)));
      const audited = () =>
        world.slack.calls.filter(
          (call) => call.ok && call.method === 'chat.postMessage' && String(call.args.text).includes(value),
        );
      const open = async () =>
        Number(
          (
            await world.query<{ n: string }>(
              "SELECT count(*) AS n FROM intents WHERE state IN ('running', 'written')",
            )
          )[0]?.n ?? 0,
        );
      await until(
        async () => (told().length > 0 || audited().length > 0) && (await open()) === 0,
        'the survivor to finish or report the intent',
        WRITE_LEASE_MS + 25_000,
      );
      expect(patches()).toBeLessThanOrEqual(1);
      expect(told().length + audited().length).toBe(1);
    },
    WRITE_LEASE_MS + 40_000,
  );
});
