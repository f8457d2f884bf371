/**
 * The lean chat clients (chat-api.ts), one per bot token, as Bolt keeps one WebClient per installation: each
 * workspace's messages go out with its own token. A token seen last is kept; past `max` tokens the least recently
 * used client is closed (http/keyed-pool.ts; a workspace that comes back gets a new one). docs/slack-platform.md,
 * "Clients".
 */
import { createKeyedPool } from '../../http/keyed-pool.js';
import { type ChatApiOptions, type ClosableChatApi, createChatApi } from './chat-api.js';

export interface ChatPool {
  /** The chat client for `token` (made on first use). */
  for(token: string): ClosableChatApi;
  close(): Promise<void>;
}

export function createChatPool(options: Omit<ChatApiOptions, 'token'> & { max?: number }): ChatPool {
  return createKeyedPool((token) => createChatApi({ ...options, token }), options.max ?? 1_000);
}
