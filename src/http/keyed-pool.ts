/**
 * Clients kept by key (a token, an account), at most `max` of them: the one used last is kept, and past `max` the
 * least recently used is closed (a key that comes back gets a new one), so keep-alive sockets do not pile up for keys
 * that went away.
 */

export interface Closable {
  close(): Promise<void>;
}

export interface KeyedPool<C extends Closable> {
  /** The client for `key` (made on first use). */
  for(key: string): C;
  close(): Promise<void>;
}

export function createKeyedPool<C extends Closable>(make: (key: string) => C, max: number): KeyedPool<C> {
  const clients = new Map<string, C>();
  return {
    for(key) {
      const known = clients.get(key);
      if (known) {
        // Most recently used last: a Map keeps insertion order.
        clients.delete(key);
        clients.set(key, known);
        return known;
      }
      const client = make(key);
      clients.set(key, client);
      if (clients.size > max) {
        const [oldest] = clients.keys();
        if (oldest !== undefined) {
          const evicted = clients.get(oldest);
          clients.delete(oldest);
          void evicted?.close();
        }
      }
      return client;
    },
    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((client) => client.close()));
    },
  };
}
