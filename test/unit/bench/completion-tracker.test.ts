import { describe, expect, it } from 'vitest';
import { createCompletionTracker, keyCandidates, matches } from '../../../bench/lib/completion-tracker.js';
import type { FakeSlackCall } from '../../helpers/slack/fake-slack-api.js';

function call(overrides: Partial<FakeSlackCall>): FakeSlackCall {
  return {
    method: 'chat.postMessage',
    args: {},
    token: 'xoxb-bench',
    ok: true,
    error: null,
    answer: null,
    at: 100,
    ...overrides,
  };
}

describe('completion tracker', () => {
  it('completes an intent when a post to its channel carries the expected text', async () => {
    const tracker = createCompletionTracker();
    const done = tracker.expect(
      'CKEY1',
      { methods: ['chat.postMessage'], contains: ['MAEU240817361'] },
      1000,
    );
    tracker.handle(call({ at: 42, args: { channel: 'CKEY1', blocks: '[{"text":"MAEU240817361"}]' } }));
    await expect(done).resolves.toBe(42);
  });

  it('counts a reply that does not match (an error card) as other and keeps waiting for the card', async () => {
    const tracker = createCompletionTracker();
    const done = tracker.expect(
      'CKEY2',
      { methods: ['chat.postMessage'], contains: ['MAEU240817361'] },
      1000,
    );
    tracker.handle(
      call({
        method: 'response_url',
        responseUrl: 'http://127.0.0.1:1/response/CKEY2',
        args: { text: 'Try again in 30 s' },
      }),
    );
    expect(tracker.stats.other).toBe(1);
    tracker.handle(call({ at: 7, args: { channel: 'CKEY2', text: 'MAEU240817361' } }));
    await expect(done).resolves.toBe(7);
  });

  it('resolves null when nothing arrives in time', async () => {
    const tracker = createCompletionTracker();
    await expect(tracker.expect('CKEY3', { methods: ['chat.update'] }, 1)).resolves.toBeNull();
  });

  it('counts replies for keys nobody waits for as unknown', () => {
    const tracker = createCompletionTracker();
    tracker.handle(call({ args: { channel: 'CNOBODY' } }));
    expect(tracker.stats.unknown).toBe(1);
  });
});

describe('keyCandidates', () => {
  it('finds the intent key in a trigger id and in a bench view id', () => {
    expect(keyCandidates(call({ method: 'views.open', args: { trigger_id: 'CKEY4.trigger0' } }))).toContain(
      'CKEY4',
    );
    expect(keyCandidates(call({ method: 'views.update', args: { view_id: 'VBENCHCKEY5.v' } }))).toContain(
      'CKEY5',
    );
  });
});

describe('matches', () => {
  it('requires the method to be one of the expected ones', () => {
    expect(matches(call({ method: 'chat.update' }), { methods: ['chat.postMessage'] })).toBe(false);
    expect(matches(call({ method: 'chat.update' }), { methods: ['chat.update'] })).toBe(true);
  });
});
