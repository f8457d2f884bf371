/**
 * The lean chat clients (chat-api.ts), one per bot token, as Bolt keeps one WebClient per installation: each
 * workspace's messages go out with its own token. A token seen last is kept; past `max` tokens the least recently
 * used client is closed (a workspace that comes back gets a new one). docs/slack-platform.md, "Clients".
 */
import { type ChatApiOptions, type ClosableChatApi, createChatApi } from './chat-api.js';

export interface ChatPool {
  /** The chat client for `token` (made on first use). */
  for(token: string): ClosableChatApi;
  close(): Promise<void>;
}

export function createChatPool(options: Omit<ChatApiOptions, 'token'> & { max?: number }): ChatPool {
  const max = options.max ?? 1_000;
  const clients = new Map<string, ClosableChatApi>();
  return {
    for(token) {
      const known = clients.get(token);
      if (known) {
        // Most recently used last: a Map keeps insertion order.
        clients.delete(token);
        clients.set(token, known);
        return known;
      }
      const client = createChatApi({ ...options, token });
      clients.set(token, client);
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
