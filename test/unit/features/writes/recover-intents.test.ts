/**
 * A replica killed mid-write leaves its intent in the store; once the lease runs out another process ends it: a write
 * the API confirmed gets its audit line posted, one the API may not have received is reported to the person as
 * unsure. Each is ended once, whoever looks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/clock.js';
import { startIntentRecovery } from '../../../../src/features/writes/recover-intents.js';
import { ledgerFromStore } from '../../../../src/features/writes/store-ledger.js';
import { silentLogger } from '../../../../src/logger.js';
import type { ChatApi } from '../../../../src/slack/delivery/chat-api.js';
import { intentReporterOver } from '../../../../src/slack/write/intent-reporter.js';
import { embeddedHarness } from '../../store/helpers/stores.js';

function recordingChat() {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  const chat: ChatApi = {
    postMessage: async (args) => {
      calls.push({ method: 'chat.postMessage', args: { ...args } });
      return { channel: args.channel, ts: '1.1' };
    },
    update: async (args) => {
      calls.push({ method: 'chat.update', args: { ...args } });
      return {};
    },
    getPermalink: async () => ({}),
    unfurl: async () => ({}),
    postEphemeral: async (args) => {
      calls.push({ method: 'chat.postEphemeral', args: { ...args } });
      return {};
    },
  };
  return { chat, calls };
}

const intent = (target: string) => ({
  action: 'document_rotate_90',
  target,
  payload: {
    userId: 'U0ALICE',
    teamId: 'T0OPS',
    channelId: 'C0OPS',
    card: { ts: '100.1', threadTs: '100.1', isPrivate: false },
  },
});

const timing = { inFlightMs: 60_000, duplicateWindowMs: 5_000 };

describe('recovering writes a dead process left behind', () => {
  const harness = embeddedHarness();
  afterEach(async () => harness.dispose());

  it('posts the audit line of a confirmed write in its thread, and reports an unconfirmed one as unsure', async () => {
    const store = await harness.open();
    let now = Date.parse('2026-03-01T00:00:00Z');
    const clock = { now: () => new Date(now) };
    const dead = ledgerFromStore(store.intents, { owner: 'dead', clock, ...timing });
    expect(await dead.begin('k-written', intent('doc-1'))).toBe(true);
    await dead.written('k-written', {
      auditLine: { text: '🔄 <@U0ALICE> rotated `scan.png` 90°', blocks: [] },
    });
    expect(await dead.begin('k-running', intent('doc-2'))).toBe(true);

    const { chat, calls } = recordingChat();
    const recovery = startIntentRecovery({
      intents: store.intents,
      reporterFor: async () => intentReporterOver(chat, silentLogger),
      owner: 'survivor',
      clock,
      logger: silentLogger,
      leaseMs: 60_000,
      intervalMs: 3_600_000,
    });
    expect(await recovery.runOnce()).toBe(0);
    now += 61_000;
    expect(await recovery.runOnce()).toBe(2);
    expect(await recovery.runOnce()).toBe(0);
    recovery.stop();

    expect(calls).toContainEqual({
      method: 'chat.postMessage',
      args: expect.objectContaining({
        channel: 'C0OPS',
        thread_ts: '100.1',
        text: '🔄 <@U0ALICE> rotated `scan.png` 90°',
      }),
    });
    const unsure = calls.find((call) => call.method === 'chat.postEphemeral');
    expect(unsure?.args).toMatchObject({ channel: 'C0OPS', user: 'U0ALICE' });
    expect(String(unsure?.args.text)).toMatch(/may or may not have been applied/);
    expect((await store.intents.get('k-written'))?.state).toBe('finished');
    expect((await store.intents.get('k-running'))?.state).toBe('failed');
    // The dead owner, back again, can no longer change either.
    await dead.finish('k-running');
    expect((await store.intents.get('k-running'))?.state).toBe('failed');
  });

  it('leaves a write that a live process holds alone', async () => {
    const store = await harness.open();
    const clock = fixedClock('2026-03-01T00:00:00Z');
    const live = ledgerFromStore(store.intents, { owner: 'live', clock, ...timing });
    await live.begin('k-live', intent('doc-3'));
    const { chat, calls } = recordingChat();
    const recovery = startIntentRecovery({
      intents: store.intents,
      reporterFor: async () => intentReporterOver(chat, silentLogger),
      owner: 'other',
      clock,
      logger: silentLogger,
      leaseMs: 60_000,
      intervalMs: 3_600_000,
    });
    expect(await recovery.runOnce()).toBe(0);
    recovery.stop();
    expect(calls).toEqual([]);
  });
});
