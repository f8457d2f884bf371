/**
 * Matches calls arriving at the fake Slack to the intents waiting for them. Every intent gets a unique key that the
 * load generator puts in its channel id, response URL and trigger id, so whichever way the bot answers (chat.*,
 * response_url, views.*), the reply finds its intent with one map lookup.
 */
import type { FakeSlackCall } from '../../test/helpers/slack/fake-slack-api.js';
import type { Expectation } from './load-plan.js';

/** Counts replies that arrived for an intent but did not match its expectation. */
export interface ReplyCounter {
  other: number;
}

interface Pending {
  expect: Expectation;
  counter: ReplyCounter | null;
  resolve: (arrivedAt: number | null) => void;
  timer: NodeJS.Timeout;
}

export interface CompletionTracker {
  /** Resolves with the arrival time of the matching call, or null on timeout. */
  expect(
    key: string,
    expectation: Expectation,
    timeoutMs: number,
    counter?: ReplyCounter,
  ): Promise<number | null>;
  cancel(key: string): void;
  handle(call: FakeSlackCall): void;
  /** Replies for a known key that did not match (e.g. an error card), and replies for no known key. */
  readonly stats: { other: number; unknown: number };
}

export function keyCandidates(call: FakeSlackCall): string[] {
  const keys: string[] = [];
  const { channel, trigger_id: triggerId, view_id: viewId } = call.args;
  if (typeof channel === 'string' && channel !== '') keys.push(channel);
  // The load generator's response_urls end in the intent's key.
  if (call.responseUrl)
    keys.push(decodeURIComponent(call.responseUrl.slice(call.responseUrl.lastIndexOf('/') + 1)));
  if (typeof triggerId === 'string' && triggerId !== '') keys.push(triggerId.split('.')[0] ?? '');
  if (typeof viewId === 'string' && viewId.startsWith('VBENCH'))
    keys.push(viewId.slice(6).split('.')[0] ?? '');
  return keys;
}

export function callText(call: FakeSlackCall): string {
  return Object.values(call.args)
    .map((value) => (typeof value === 'string' ? value : JSON.stringify(value)))
    .join('\n');
}

export function matches(call: FakeSlackCall, expectation: Expectation): boolean {
  if (!expectation.methods.includes(call.method)) return false;
  if (!expectation.contains || expectation.contains.length === 0) return true;
  const text = callText(call);
  return expectation.contains.every((needle) => text.includes(needle));
}

export function createCompletionTracker(): CompletionTracker {
  const pending = new Map<string, Pending>();
  const stats = { other: 0, unknown: 0 };
  return {
    stats,
    expect(key, expectation, timeoutMs, counter) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(key);
          resolve(null);
        }, timeoutMs);
        pending.set(key, { expect: expectation, counter: counter ?? null, resolve, timer });
      });
    },
    cancel(key) {
      const entry = pending.get(key);
      if (!entry) return;
      clearTimeout(entry.timer);
      pending.delete(key);
      entry.resolve(null);
    },
    handle(call) {
      for (const key of keyCandidates(call)) {
        const entry = pending.get(key);
        if (!entry) continue;
        if (matches(call, entry.expect)) {
          clearTimeout(entry.timer);
          pending.delete(key);
          entry.resolve(call.at);
        } else {
          stats.other += 1;
          if (entry.counter) entry.counter.other += 1;
        }
        return;
      }
      stats.unknown += 1;
    },
  };
}
