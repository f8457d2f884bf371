/**
 * Ack-first scheduling. Work that resumes in the same event-loop iteration runs back to back: sixteen API answers
 * arriving together are sixteen parses, renders and posts in a row, and a slash command that arrives meanwhile waits
 * for all of them before Bolt can acknowledge it (Slack allows 3 s, and ack latency is what a person feels). `next()`
 * lets its callers go one per loop iteration (setImmediate runs after the poll phase), so the loop reads the network,
 * and acks whatever arrived, between two pieces of that work. Commands (work-limiter.ts) and buttons
 * (button-listener.ts) take a turn before their post-ack work; the tracking client knows nothing of this. They share
 * `eventLoopTurns`: the process has one event loop, so one queue keeps it to one piece of work per iteration (three
 * queues would let three through). The figures are in the README's performance section.
 */

export interface Turns {
  /** Resolves when it is this caller's turn: after every caller that asked before, one per loop iteration. */
  next(): Promise<void>;
  readonly waiting: number;
}

export function createTurns(schedule: (run: () => void) => void = setImmediate): Turns {
  const queue: Array<() => void> = [];
  let scheduled = false;
  const grantOne = () => {
    scheduled = false;
    queue.shift()?.();
    if (queue.length > 0) {
      scheduled = true;
      schedule(grantOne);
    }
  };
  return {
    get waiting() {
      return queue.length;
    },
    next() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          schedule(grantOne);
        }
      });
    },
  };
}

/** The process's queue of turns; tests that drive the loop by hand create their own with `createTurns`. */
export const eventLoopTurns: Turns = createTurns();
