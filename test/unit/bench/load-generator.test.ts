import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_TEXT, type RunningBench, startBaselineBot } from '../../../bench/lib/baseline-bot.js';
import { createCompletionTracker } from '../../../bench/lib/completion-tracker.js';
import { messageTsFor, nextActionTs, runLoad } from '../../../bench/lib/load-generator.js';
import type { LoadSpec } from '../../../bench/lib/load-plan.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../helpers/slack/fake-slack-api.js';

const SECRET = 'bench-test-secret';

describe('the load generator against the baseline bot and the fake Slack', () => {
  let slack: FakeSlackApi;
  let bot: RunningBench;
  const tracker = createCompletionTracker();

  beforeAll(async () => {
    // The bench's speed-tuned fake, recording so the test can count what arrived.
    slack = await startFakeSlackApi({ memory: 'forgetful', leanAnswers: true });
    slack.onCall((call) => tracker.handle(call));
    bot = await startBaselineBot({ signingSecret: SECRET, slackApiUrl: slack.url, command: '/shipment' });
  });

  afterAll(async () => {
    await bot.stop();
    await slack.close();
  });

  const spec = (overrides: Partial<LoadSpec>): LoadSpec => ({
    botUrl: bot.url,
    signingSecret: SECRET,
    concurrency: 2,
    maxIntents: 6,
    durationMs: 10_000,
    warmupMs: 0,
    completionTimeoutMs: 5000,
    plans: [
      {
        kind: 'slash',
        command: '/shipment',
        text: 'MAEU240817361',
        expect: { methods: ['chat.postMessage'], contains: [BASELINE_TEXT] },
      },
    ],
    runId: 'TEST',
    ...overrides,
  });

  it('sends exactly the bounded number of signed commands and sees every reply', async () => {
    const result = await runLoad(spec({}), slack, tracker);
    expect(result).toMatchObject({
      intents: 6,
      requests: 6,
      acked: 6,
      completed: 6,
      timedOut: 0,
      ackErrors: {},
    });
    expect(result.ackMs.count).toBe(6);
    expect(slack.calls.filter((call) => call.method === 'chat.postMessage')).toHaveLength(6);
  });

  it('reports rejected signatures as acknowledgement errors, not completions', async () => {
    const result = await runLoad(
      spec({ signingSecret: 'wrong', maxIntents: 2, completionTimeoutMs: 50, runId: 'BAD' }),
      slack,
      tracker,
    );
    expect(result.completed).toBe(0);
    expect(result.ackErrors).toEqual({ 'status 401': 2 });
  });

  it('sends every copy of a double-clicked intent but completes the intent once', async () => {
    const result = await runLoad(
      spec({
        maxIntents: 1,
        completionTimeoutMs: 50,
        runId: 'DBL',
        plans: [{ kind: 'slash', command: '/shipment', text: 'x', expect: null, repeat: 2 }],
      }),
      slack,
      tracker,
    );
    expect(result).toMatchObject({ intents: 1, requests: 2, acked: 2, completed: 1 });
  });
});

describe('messageTsFor', () => {
  it('gives every intent of a run its own card ts, so distinct clicks are never taken for a double-click', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => `CRUNX${i.toString(36).toUpperCase()}`);
    expect(new Set(keys.map(messageTsFor)).size).toBe(2000);
  });

  it('looks like a Slack ts', () => {
    expect(messageTsFor('CRUNX1Z')).toMatch(/^\d{10}\.\d{6}$/);
  });
});

describe('nextActionTs', () => {
  it('never repeats, even for clicks sent in the same millisecond', () => {
    const stamps = Array.from({ length: 5000 }, nextActionTs);
    expect(new Set(stamps).size).toBe(5000);
    expect([...stamps].sort()).toEqual(stamps);
  });
});
