import { describe, expect, it } from 'vitest';
import { virtualTime } from '../../../bench/lib/virtual-time.js';

describe('virtualTime', () => {
  it('jumps over a long sleep without waiting for it', async () => {
    const time = virtualTime(new Date('2026-01-01T00:00:00Z'));
    await time.run(time.sleep(60 * 60_000));
    expect(time.elapsedMs()).toBe(60 * 60_000);
    expect(time.clock.now().toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });

  it('wakes sleepers in time order and lets each see its own wake-up time', async () => {
    const time = virtualTime();
    const woke: Array<[string, number]> = [];
    const sleeper = async (name: string, ms: number) => {
      await time.sleep(ms);
      woke.push([name, time.elapsedMs()]);
    };
    await time.run(Promise.all([sleeper('late', 3000), sleeper('early', 1000), sleeper('middle', 2000)]));
    expect(woke).toEqual([
      ['early', 1000],
      ['middle', 2000],
      ['late', 3000],
    ]);
  });

  it('does not advance time while work is still running', async () => {
    const time = virtualTime();
    await time.run(Promise.resolve().then(() => 'done'));
    expect(time.elapsedMs()).toBe(0);
  });

  it('releases an aborted sleep without moving the clock to its deadline', async () => {
    const time = virtualTime();
    const controller = new AbortController();
    const sleeping = time.sleep(10_000, controller.signal);
    controller.abort();
    await time.run(sleeping);
    expect(time.elapsedMs()).toBe(0);
  });
});
