import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../../src/store/batch.js';

describe('a batcher', () => {
  it('sends the calls of one turn together, in order, and answers each caller with its own result', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      maxItems: 100,
      run: async (items) => {
        batches.push([...items]);
        return items.map((item) => item * 10);
      },
    });
    const answers = await Promise.all([1, 2, 3].map((item) => batcher.add(item)));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('sends a full batch at once and the rest in the next', async () => {
    const sizes: number[] = [];
    const batcher = createBatcher<number, number>({
      maxItems: 2,
      run: async (items) => {
        sizes.push(items.length);
        return [...items];
      },
    });
    await Promise.all([1, 2, 3, 4, 5].map((item) => batcher.add(item)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('rejects every caller of a batch that failed, and serves the next batch normally', async () => {
    let fail = true;
    const batcher = createBatcher<number, number>({
      maxItems: 100,
      run: async (items) => {
        if (fail) throw new Error('database gone');
        return [...items];
      },
    });
    const failed = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(batcher.add(3)).resolves.toBe(3);
  });

  it('rejects every caller rather than answer them from a batch that returned the wrong number of results', async () => {
    const batcher = createBatcher<number, number>({ maxItems: 100, run: async () => [1] });
    const results = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });

  it('with a window, gathers calls made in different turns into one batch', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      maxItems: 100,
      windowMs: 30,
      run: async (items) => {
        batches.push([...items]);
        return [...items];
      },
    });
    const first = batcher.add(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.add(2);
    expect(batches).toEqual([]);
    await Promise.all([first, second]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('sends what is gathered at once when flushed, and the flush waits until it is written', async () => {
    const written: number[] = [];
    const batcher = createBatcher<number, void>({
      maxItems: 100,
      windowMs: 60_000,
      run: async (items) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        written.push(...items);
        return items.map(() => undefined);
      },
    });
    const recorded = batcher.add(7);
    await batcher.flush();
    expect(written).toEqual([7]);
    await expect(recorded).resolves.toBeUndefined();
  });

  it('flushes without failing when the batch it waits for fails; its callers get the error', async () => {
    const batcher = createBatcher<number, number>({
      maxItems: 100,
      windowMs: 60_000,
      run: async () => {
        throw new Error('database gone');
      },
    });
    const call = batcher.add(1);
    await expect(batcher.flush()).resolves.toBeUndefined();
    await expect(call).rejects.toThrow('database gone');
  });
});
