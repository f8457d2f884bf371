/** The keyed pool behind the chat clients: one client per key, the least recently used closed past the limit. */
import { describe, expect, it } from 'vitest';
import { createKeyedPool } from '../../../src/http/keyed-pool.js';

function pool(max: number) {
  const closed: string[] = [];
  const made: string[] = [];
  const clients = createKeyedPool((key) => {
    made.push(key);
    return { key, close: async () => void closed.push(key) };
  }, max);
  return { clients, closed, made };
}

describe('the keyed pool', () => {
  it('makes one client per key and hands the same one back', () => {
    const { clients, made } = pool(10);
    expect(clients.for('a')).toBe(clients.for('a'));
    expect(clients.for('b').key).toBe('b');
    expect(made).toEqual(['a', 'b']);
  });

  it('closes the least recently used client past the limit, and makes a new one when its key comes back', () => {
    const { clients, closed, made } = pool(2);
    clients.for('a');
    clients.for('b');
    clients.for('a');
    clients.for('c');
    expect(closed).toEqual(['b']);
    clients.for('b');
    expect(made).toEqual(['a', 'b', 'c', 'b']);
    expect(closed).toEqual(['b', 'a']);
  });

  it('closes every client it holds when closed', async () => {
    const { clients, closed } = pool(10);
    clients.for('a');
    clients.for('b');
    await clients.close();
    expect(closed.sort()).toEqual(['a', 'b']);
  });
});
