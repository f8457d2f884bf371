import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/turns.js';

/** A schedule the test advances by hand: each `tick()` is one event-loop iteration's check phase. */
function manualSchedule() {
  const pending: Array<() => void> = [];
  return {
    schedule: (run: () => void) => pending.push(run),
    tick() {
      const due = pending.splice(0);
      for (const run of due) run();
    },
    get scheduled() {
      return pending.length;
    },
  };
}

describe('ack-first turns', () => {
  it('lets one waiting caller go per loop iteration, in the order they asked', async () => {
    const loop = manualSchedule();
    const turns = createTurns(loop.schedule);
    const went: number[] = [];
    for (const caller of [1, 2, 3]) void turns.next().then(() => went.push(caller));
    expect(turns.waiting).toBe(3);
    expect(loop.scheduled).toBe(1);

    loop.tick();
    await Promise.resolve();
    expect(went).toEqual([1]);
    loop.tick();
    await Promise.resolve();
    expect(went).toEqual([1, 2]);
    loop.tick();
    await Promise.resolve();
    expect(went).toEqual([1, 2, 3]);
    expect(loop.scheduled).toBe(0);
  });

  it('schedules nothing while nobody waits, and starts again for the next caller', async () => {
    const loop = manualSchedule();
    const turns = createTurns(loop.schedule);
    expect(loop.scheduled).toBe(0);
    const first = turns.next();
    loop.tick();
    await first;
    expect(loop.scheduled).toBe(0);
    const second = turns.next();
    expect(loop.scheduled).toBe(1);
    loop.tick();
    await expect(second).resolves.toBeUndefined();
  });
});
