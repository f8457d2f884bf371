/**
 * Three real `shipwatch start` processes on one PostgreSQL behind a round-robin proxy (replica-world.ts): what the
 * store promises a team that runs several replicas, shown end to end. A double-clicked save whose clicks reach
 * different replicas writes once; a replayed signed request writes nothing on another replica; bursts of lookups
 * spread over the replicas stay within the account's quota; a replica SIGKILLed in the middle of a burst of writes
 * loses no acknowledged write and doubles none, and the others keep serving.
 *
 * The tests run in order and share the world (and the account's quota, which is why the quota burst comes last).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { healthStatus } from '../../helpers/replicas/shipwatch-process.js';
import { nextId } from '../../helpers/slack/payloads.js';
import {
  type CustomFieldSave,
  type ProxiedAnswer,
  type ReplicaWorld,
  type SentCommand,
  startReplicaWorld,
} from './replica-world.js';

/** The account's quota (simulator) and the bots' TRACKING_API_RATE_LIMIT: small, so the burst runs into it. */
const QUOTA = 40;
/** Short, so a dead replica's writes are recovered within seconds (the default is 60 s). */
const WRITE_LEASE_MS = 8_000;
/** The write burst of the kill test: each save costs two requests (the write and the card's refresh). */
const WRITES = 10;
/** The lease, then up to two recovery passes (every 10 s), then the checks: well inside the file's 2-minute bound. */
const KILL_TEST_TIMEOUT_MS = WRITE_LEASE_MS + 40_000;
const QUOTA_TEST_TIMEOUT_MS = 45_000;
const CLEAR = JSON.stringify({ response_action: 'clear' });
const UNSURE_OR_FAILED = /may or may not have been applied|was not saved|Nothing was changed/;

const fieldPath = (containerId: string) => `/containers/${containerId}/custom_fields/po_number`;
const textOf = (call: { args: Record<string, unknown> }) =>
  `${String(call.args.text ?? '')} ${JSON.stringify(call.args.blocks ?? '')}`;

/** Polls `check` every 50 ms until it holds; fails with `describe()` after `timeoutMs`. */
async function until(
  check: () => boolean | Promise<boolean>,
  describe: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${describe()}`);
    await sleep(50);
  }
}

describe('three replicas on one PostgreSQL behind a round-robin proxy', () => {
  let world: ReplicaWorld;
  let ready: { id: string; number: string };

  beforeAll(async () => {
    world = await startReplicaWorld({ replicas: 3, quotaPerMinute: QUOTA, writeLeaseMs: WRITE_LEASE_MS });
    const containers = await world.containersOf(DEMO.shipments.slippedEta.id);
    const found = containers.find((container) => container.number === DEMO.containers.ready);
    if (!found) throw new Error('the demo shipment has its ready container');
    ready = found;
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** A custom-field save of the ready container, from a card of its own. */
  async function saveOnReadyContainer(value: string): Promise<CustomFieldSave> {
    const channelId = nextId('C');
    return {
      channelId,
      messageTs: await world.postCard(channelId),
      containerId: ready.id,
      containerNumber: ready.number,
      shipmentId: DEMO.shipments.slippedEta.id,
      viewId: nextId('V'),
      value,
    };
  }

  it('writes once when a double-clicked save reaches different replicas, and posts one audit line', async () => {
    const save = await saveOnReadyContainer('PO-DOUBLE-1');
    const before = world.served('PATCH', fieldPath(ready.id));
    // The API takes 300 ms, so the second click arrives while the first write is still in flight.
    world.sim.faults.add({
      match: { method: 'PATCH', path: fieldPath(ready.id) },
      kind: 'delay',
      delayMs: 300,
    });
    const [first, second] = [world.customFieldSaveBody(save), world.customFieldSaveBody(save)];
    // Two submissions of one form: fresh trigger ids, so different bytes and signatures (not a replay).
    expect(first).not.toBe(second);
    const clicks = await Promise.all([world.post(first), world.post(second)]);
    // And a third click once both were answered: the finished write refuses it too.
    const late = await world.post(world.customFieldSaveBody(save));
    const answers = [...clicks, late];

    expect(new Set(answers.map((answer) => answer.replica))).toEqual(
      new Set(['replica-1', 'replica-2', 'replica-3']),
    );
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, CLEAR]);
    await until(
      () => world.auditLines(save.channelId, save.messageTs, save.value).length > 0,
      () => 'the audit line',
      10_000,
    );
    await sleep(1_000); // time for a second write or audit line, were there one
    expect(world.served('PATCH', fieldPath(ready.id)) - before).toBe(1);
    expect(world.auditLines(save.channelId, save.messageTs, save.value)).toHaveLength(1);
  });

  it('writes nothing when a signed request is replayed to other replicas (same bytes, same signature)', async () => {
    const save = await saveOnReadyContainer('PO-REPLAY-1');
    const before = world.served('PATCH', fieldPath(ready.id));
    const body = world.customFieldSaveBody(save);
    const headers = world.sign(body);
    const original = await world.post(body, headers);
    const replays = [await world.post(body, headers), await world.post(body, headers)];

    expect(new Set([original, ...replays].map((answer) => answer.replica)).size).toBe(3);
    expect([original.status, original.body]).toEqual([200, CLEAR]);
    // The replay guard answers before any listener runs: an empty 200, not the write flow's "duplicate" clear.
    for (const replay of replays) expect([replay.status, replay.body]).toEqual([200, '']);
    for (const replay of replays) {
      const replica = world.replicas.find((candidate) => candidate.name === replay.replica);
      expect(
        replica?.logs.some((line) => line.msg === 'a signed request was replayed; answered and ignored'),
      ).toBe(true);
    }
    await until(
      () => world.auditLines(save.channelId, save.messageTs, save.value).length > 0,
      () => 'the audit line',
      10_000,
    );
    await sleep(1_000);
    expect(world.served('PATCH', fieldPath(ready.id)) - before).toBe(1);
    expect(world.auditLines(save.channelId, save.messageTs, save.value)).toHaveLength(1);
  });

  it(
    'loses no acknowledged write when a replica is SIGKILLed mid-burst, doubles none, and the others keep serving',
    async () => {
      const victim = world.replicas.find((replica) => replica.name === 'replica-2');
      if (!victim) throw new Error('replica-2 runs');
      const shipmentId = DEMO.shipments.manyContainers.id;
      const containers = (await world.containersOf(shipmentId)).slice(0, WRITES);
      expect(containers).toHaveLength(WRITES);
      // Each save has its own card, person, container and value, so every outcome traces back to one save.
      const saves = await Promise.all(
        containers.map(async (container, index): Promise<CustomFieldSave & { userId: string }> => {
          const channelId = nextId('C');
          return {
            channelId,
            messageTs: await world.postCard(channelId),
            containerId: container.id,
            containerNumber: container.number,
            shipmentId,
            userId: `U0KILL${index}`,
            viewId: nextId('V'),
            value: `PO-KILL-${index}`,
          };
        }),
      );
      // Writes take 400 ms and the card's refresh after each 2 s, so the victim dies with writes in flight and with
      // acknowledged writes whose card and audit line are still to come.
      world.sim.faults.add({
        match: { method: 'PATCH', path: /\/custom_fields\// },
        kind: 'delay',
        delayMs: 400,
        times: 50,
      });
      world.sim.faults.add({
        match: { method: 'GET', path: `/shipments/${shipmentId}` },
        kind: 'delay',
        delayMs: 2_000,
        times: 50,
      });
      let killing: Promise<void> | null = null;
      const stopListening = world.proxy.onAnswer((entry) => {
        if (killing || entry.replica !== victim.name || entry.status !== 200) return;
        // 300 ms after its first acknowledgement: that write is confirmed and recorded, its card refresh under way.
        killing = sleep(300).then(() => victim.kill('SIGKILL'));
      });
      const sent: Array<Promise<ProxiedAnswer>> = [];
      for (const save of saves) {
        sent.push(world.post(world.customFieldSaveBody(save)));
        await sleep(100);
      }
      const answers = await Promise.all(sent);
      stopListening();
      await killing;
      expect(killing).not.toBeNull();
      expect(victim.alive()).toBe(false);
      world.sim.faults.clear();

      const outcome = saves.map((save, index) => ({ save, answer: answers[index] as ProxiedAnswer }));
      const acknowledged = outcome.filter(({ answer }) => answer.status === 200);
      const byVictim = acknowledged.filter(({ answer }) => answer.replica === victim.name);
      expect(byVictim.length).toBeGreaterThan(0);
      const written = (save: CustomFieldSave) => world.served('PATCH', fieldPath(save.containerId));
      const audited = (save: CustomFieldSave) => world.auditLines(save.channelId, save.messageTs, save.value);
      const told = (save: { userId: string }) =>
        world.noticesTo(save.userId).filter((notice) => UNSURE_OR_FAILED.test(textOf(notice)));
      const accountedFor = ({ save, answer }: (typeof outcome)[number]) =>
        // Refused in the form itself, or done and audited, or told that it failed or may not have been applied.
        answer.body !== CLEAR || (written(save) === 1 && audited(save).length === 1) || told(save).length > 0;
      const unfinishedIntents = async () =>
        Number(
          (
            await world.query<{ n: string }>(
              "SELECT count(*) AS n FROM intents WHERE state IN ('running', 'written')",
            )
          )[0]?.n ?? 0,
        );
      // The victim's intents wait out their lease, then a survivor's recovery pass (every 10 s) ends each of them.
      await until(
        async () => acknowledged.every(accountedFor) && (await unfinishedIntents()) === 0,
        () =>
          `every acknowledged write done and audited or reported, and no intent left running (still open: ${acknowledged
            .filter((entry) => !accountedFor(entry))
            .map(({ save }) => save.value)
            .join(', ')})`,
        WRITE_LEASE_MS + 20_000,
      );
      await sleep(500);

      for (const { save } of outcome) {
        expect(written(save), `${save.value} written at most once`).toBeLessThanOrEqual(1);
        expect(audited(save).length, `${save.value} audited at most once`).toBeLessThanOrEqual(1);
      }
      // An acknowledged write the victim confirmed before it died got its audit line from a survivor's recovery.
      expect(byVictim.some(({ save }) => written(save) === 1 && audited(save).length === 1)).toBe(true);
      const recoveries = world.replicas
        .filter((replica) => replica !== victim)
        .flatMap((replica) =>
          replica.logs.filter((line) => String(line.msg).startsWith('recovered a write')),
        );
      expect(recoveries.length).toBeGreaterThan(0);

      // The others keep serving: the proxy took the dead one out, and lookups through it are answered.
      expect(world.proxy.live()).toEqual(['replica-1', 'replica-3']);
      for (const replica of world.replicas.filter((candidate) => candidate !== victim)) {
        expect(await healthStatus(replica.url)).toBe(200);
      }
      const lookups = [
        await world.command(DEMO.shipments.slippedEta.bl),
        await world.command(DEMO.shipments.slippedEta.bl),
      ];
      expect(new Set(lookups.map((lookup) => lookup.replica))).toEqual(new Set(['replica-1', 'replica-3']));
      for (const lookup of lookups) {
        expect(lookup.status).toBe(200);
        await until(
          () => world.replyTo(lookup) !== undefined,
          () => `a reply on ${lookup.replica}`,
          10_000,
        );
        expect(world.replyTo(lookup)?.text).toContain(DEMO.shipments.slippedEta.bl);
      }
    },
    KILL_TEST_TIMEOUT_MS,
  );

  it(
    'keeps bursts of distinct lookups over the replicas within the account quota: no upstream 429, "try again in N s" beyond it',
    async () => {
      // A replacement for the killed replica joins first (the orchestrator's restart), so the burst spreads over three.
      while (world.proxy.live().length < 3) await world.addReplica(`replica-${world.replicas.length + 1}`);
      const servedBefore = world.sim.requests.length;
      // The demo BLs (one request each) and BLs nobody ships under (two each: the number, then the search).
      const numbers = [
        ...Object.values(DEMO.shipments).map((shipment) => shipment.bl),
        ...Array.from({ length: 27 }, (_, index) => `NOBL${String(70_000_000 + index)}`),
      ];
      const sent: SentCommand[] = [];
      for (let burst = 0; burst < 3; burst++) {
        const batch = numbers.slice(burst * 12, burst * 12 + 12);
        sent.push(...(await Promise.all(batch.map((number) => world.command(number)))));
        await sleep(300);
      }
      expect(new Set(sent.map((command) => command.replica)).size).toBe(3);
      for (const command of sent) expect(command.status).toBe(200);
      await until(
        () => sent.every((command) => world.replyTo(command) !== undefined),
        () => `a reply to every lookup (${sent.filter((command) => !world.replyTo(command)).length} missing)`,
        20_000,
      );

      const kinds = sent.map((command) => {
        const reply = world.replyTo(command);
        const text = `${reply?.text ?? ''} ${JSON.stringify(reply?.blocks ?? [])}`;
        if (/busy right now\. Try again in \d+ seconds?/.test(text)) return 'try again';
        if (/Couldn.t find/.test(text)) return 'not found';
        if (reply?.via === 'message' && text.includes(command.text)) return 'card';
        return `other: ${text.slice(0, 200)}`;
      });
      expect(kinds.filter((kind) => kind.startsWith('other'))).toEqual([]);
      expect(kinds.filter((kind) => kind === 'try again').length).toBeGreaterThan(0);
      // The simulator enforces the quota on a rolling minute: not one request was over it, on any replica.
      expect(world.sim.requests.filter((request) => request.status === 429)).toEqual([]);
      expect(world.sim.requests.length - servedBefore).toBeLessThanOrEqual(QUOTA);
    },
    QUOTA_TEST_TIMEOUT_MS,
  );
});
