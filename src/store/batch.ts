/**
 * Calls that arrive close together go to the database as one statement. Under load a busy process claims a
 * replay-guard key and records a card for every Slack request; one multi-row statement for the requests of a turn
 * costs one round trip (PostgreSQL) or one commit (SQLite) instead of one each, which is what lets a second replica
 * add throughput rather than database work (docs/store.md, "Batched writes").
 *
 * By default a batch is the calls of one turn of the event loop: a lone call waits one `setImmediate`, well under a
 * millisecond, which is what a caller waiting for the answer (the replay guard) can afford. A caller that does not
 * wait on the write to answer anyone (the card registry) sets a window: calls gather for that long, and a commit on
 * SQLite (some 50 µs of CPU, half of it system calls) is paid once per window instead of once per card. `flush()`
 * sends what is gathered at once and waits for it, so a read made through the same table sees every earlier write.
 */

export interface Batcher<I, O> {
  add(item: I): Promise<O>;
  /** Sends what is queued now and resolves when every batch sent so far has settled. */
  flush(): Promise<void>;
}

export interface BatcherOptions<I, O> {
  /** Runs one batch; answers one result per item, in order. A rejection rejects every caller of the batch. */
  run(items: readonly I[]): Promise<readonly O[]>;
  /** A batch this large is sent at once (bounded statements: parameters per statement, lock time). */
  maxItems: number;
  /** How long calls gather before they are sent; 0 (the default) sends them after the current turn. */
  windowMs?: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  const windowMs = options.windowMs ?? 0;
  let queued: Pending<I, O>[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();

  const flush = () => {
    scheduled = false;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    const batch = queued;
    queued = [];
    if (batch.length === 0) return;
    const sending = send(batch);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
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
          if (windowMs > 0) timer = setTimeout(flush, windowMs);
          else setImmediate(flush);
        }
      });
    },
    async flush() {
      flush();
      // A batch's own failure is its callers' to handle; the flush only waits for it.
      await Promise.allSettled([...inFlight]);
    },
  };
}
