import { describe, expect, it } from 'vitest';
import { createCompletionTracker, keyCandidates, matches } from '../../../bench/lib/completion-tracker.js';
import type { SlackCall } from '../../../bench/lib/fake-slack.js';

function call(overrides: Partial<SlackCall>): SlackCall {
  return {
    method: 'chat.postMessage',
    channel: null,
    responseUrlId: null,
    triggerId: null,
    threadTs: null,
    ts: null,
    body: {},
    rawText: '',
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
    tracker.handle(call({ channel: 'CKEY1', at: 42, body: { blocks: '[{"text":"MAEU240817361"}]' } }));
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
      call({ method: 'response_url', responseUrlId: 'CKEY2', body: { text: 'Try again in 30 s' } }),
    );
    expect(tracker.stats.other).toBe(1);
    tracker.handle(call({ channel: 'CKEY2', at: 7, body: { text: 'MAEU240817361' } }));
    await expect(done).resolves.toBe(7);
  });

  it('resolves null when nothing arrives in time', async () => {
    const tracker = createCompletionTracker();
    await expect(tracker.expect('CKEY3', { methods: ['chat.update'] }, 1)).resolves.toBeNull();
  });

  it('counts replies for keys nobody waits for as unknown', () => {
    const tracker = createCompletionTracker();
    tracker.handle(call({ channel: 'CNOBODY' }));
    expect(tracker.stats.unknown).toBe(1);
  });
});

describe('keyCandidates', () => {
  it('finds the intent key in a trigger id and in a bench view id', () => {
    expect(keyCandidates(call({ method: 'views.open', triggerId: 'CKEY4.trigger0' }))).toContain('CKEY4');
    expect(keyCandidates(call({ method: 'views.update', body: { view_id: 'VBENCHCKEY5.v' } }))).toContain(
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
