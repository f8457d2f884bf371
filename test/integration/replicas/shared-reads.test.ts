/**
 * Two real `shipwatch start` replicas on one PostgreSQL behind a round-robin proxy (replica-world.ts) share their
 * reads through the store (docs/store.md, "Shared reads"): the same shipment looked up on both costs one request to
 * the API, whether the lookups come one after the other or at the same moment, and a Refresh still reads anew.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { DEMO } from '../../../src/simulator/index.js';
import { blockAction, interactionBody, nextId } from '../../helpers/slack/payloads.js';
import { type ReplicaWorld, type SentCommand, startReplicaWorld } from './replica-world.js';

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('two replicas on PostgreSQL share their reads', () => {
  let world: ReplicaWorld;

  beforeAll(async () => {
    world = await startReplicaWorld({ replicas: 2, quotaPerMinute: 100, writeLeaseMs: 8_000 });
  });
  afterAll(async () => {
    await world?.stop();
  });

  const answered = async (sent: SentCommand[]) => {
    await until(
      () => sent.every((command) => world.replyTo(command) !== undefined),
      'a card for every lookup',
    );
    for (const command of sent) expect(world.replyTo(command)?.text).toContain(command.text);
  };

  it('answers the same BL looked up on each replica in turn with one request to the API', async () => {
    const bl = DEMO.shipments.slippedEta.bl;
    const before = world.sim.requests.length;
    const first = await world.command(bl);
    await answered([first]);
    const second = await world.command(bl);
    await answered([second]);
    expect(new Set([first.replica, second.replica]).size).toBe(2);
    expect(world.sim.requests.length - before).toBe(1);
  });

  it('sends one request for the same BL looked up on both replicas at the same moment', async () => {
    const bl = DEMO.shipments.arrived.bl;
    const before = world.sim.requests.length;
    const sent = await Promise.all(Array.from({ length: 6 }, () => world.command(bl)));
    expect(new Set(sent.map((command) => command.replica)).size).toBe(2);
    await answered(sent);
    expect(world.sim.requests.length - before).toBe(1);
  });

  it('reads the shipment anew on Refresh, even when another replica read it a moment ago', async () => {
    const shipment = DEMO.shipments.onWater;
    const looked = await world.command(shipment.bl);
    await answered([looked]);
    const before = world.served('GET', `/shipments/${shipment.id}`);
    const channelId = nextId('C');
    const messageTs = await world.postCard(channelId);
    const click = interactionBody(
      blockAction({
        actionId: ACTION.shipmentRefresh,
        value: shipment.id,
        responseUrl: world.slack.responseUrls.newUrl(),
        container: { kind: 'message', channelId, messageTs },
      }),
    );
    expect((await world.post(click)).status).toBe(200);
    await until(
      () => world.served('GET', `/shipments/${shipment.id}`) > before,
      'the refresh to read the API',
    );
  });
});
