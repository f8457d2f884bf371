/**
 * Calls that arrive in the same turn of the event loop go to the database as one statement. Under load a busy process
 * claims a replay-guard key and records a card for every Slack request; one multi-row statement for the requests of a
 * turn costs one round trip (PostgreSQL) or one commit (SQLite) instead of one each, which is what lets a second
 * replica add throughput rather than database work (docs/store.md, "Batched writes"). A lone call waits one
 * `setImmediate`, well under a millisecond.
 */

export interface Batcher<I, O> {
  add(item: I): Promise<O>;
}

export interface BatcherOptions<I, O> {
  /** Runs one batch; answers one result per item, in order. A rejection rejects every caller of the batch. */
  run(items: readonly I[]): Promise<readonly O[]>;
  /** A batch this large is sent at once (bounded statements: parameters per statement, lock time). */
  maxItems: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  let queued: Pending<I, O>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = [];
    if (batch.length > 0) void send(batch);
  };

  const send = async (batch: Pending<I, O>[]) => {
    try {
      const results = await options.run(batch.map((pending) => pending.item));
      if (results.length !== batch.length) throw new Error('a batch answered the wrong number of results');
      batch.forEach((pending, index) => {
        // SAFETY: one result per item, checked above.
        pending.resolve(results[index] as O);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    }
  };

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queued.push({ item, resolve, reject });
        if (queued.length >= options.maxItems) flush();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}
