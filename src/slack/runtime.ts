/**
 * What every command, button and modal listener shares, built once per app: the bot's dependencies, the member
 * directory (who is a guest, who is in which group), the claims that drop repeated deliveries and clicks, the write
 * ledger that makes each write happen once, the timing knobs, and the numbers the help card shows as examples.
 */

import type { ExampleNumbers } from '../cards/example-numbers.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config/env.js';
import type { WorkspaceAdmin } from '../features/connect/workspace-admin.js';
import type { HomeNotes } from '../features/home/home-notes.js';
import type { HomeWorkspace } from '../features/policy/index.js';
import type { CardRegistry } from '../features/posted-cards/record-posted-card.js';
import type { UnfurlNotes } from '../features/unfurls/unfurl-notes.js';
import type { Claims } from '../features/writes/claims.js';
import type { InteractionTiming } from '../features/writes/interaction-timing.js';
import type { WriteLedger } from '../features/writes/write-ledger.js';
import type { Logger } from '../logger.js';
import type { Tenant, TenantDirectory } from '../tenancy/index.js';
import type { WatchService } from '../watch/index.js';
import type { ChatApi } from './delivery/chat-api.js';
import type { ChatPool } from './delivery/chat-pool.js';
import type { MemberDirectory } from './policy/member-directory.js';

export interface SlackRuntime {
  config: Readonly<Config>;
  /** Which tenant (workspace, Terminal49 account, settings) a request is for; listeners read it from the request. */
  tenancy: TenantDirectory;
  logger: Logger;
  clock: Clock;
  /**
   * The lean chat.* client of the configured bot token (delivery/chat-api.ts), for work that runs outside a request
   * (intent recovery, watched cards); Bolt's WebClient when absent (unit tests).
   */
  chat?: ChatApi;
  /** The lean chat clients by bot token, so each request answers with its own workspace's token. */
  chats?: ChatPool;
  directory: MemberDirectory;
  claims: Claims;
  ledger: WriteLedger;
  timing: InteractionTiming;
  /** The numbers the help card and usage messages show in their examples. */
  examples: ExampleNumbers;
  /**
   * The workspace (or organisation) that installed the bot for `tenant` (the write policy's "members only"): an OAuth
   * tenant's own team or organisation, else the configured bot's (auth.test); null until it is known.
   */
  home: (tenant: Tenant) => HomeWorkspace | null;
  /** The registry of posted cards (the store's); absent without a store. */
  cards?: CardRegistry;
  /** Wall time, for expiries and records (`clock` may be demo time). */
  wallClock?: Clock;
  /** OAuth mode: a workspace's admins connect, replace or remove its Terminal49 key (`/shipwatch connect`). */
  workspaceAdmin?: WorkspaceAdmin;
  /** Watched shipments (absent without a store): Watch/Unwatch, `/shipwatch watch|unwatch|watching|settings`. */
  watching?: WatchService;
  /** What Home remembers (welcomed, pages and filters, layout, permalink prefix): the store's, else memory. */
  homeNotes?: HomeNotes;
  /** What link previews remember per workspace (Work Objects refused: classic for a day): the store's, else memory. */
  unfurlNotes?: UnfurlNotes;
}

/** The chat client for a request: its workspace's token's (Bolt's context.botToken), else the configured one. */
export function chatOf(
  runtime: Pick<SlackRuntime, 'chat' | 'chats'>,
  context: { botToken?: string },
): ChatApi | undefined {
  return context.botToken && runtime.chats ? runtime.chats.for(context.botToken) : runtime.chat;
}

/**
 * The chat client for work outside a request (a recovered write, a watched card): the workspace's installation's
 * token when Shipwatch serves several, else the configured bot's. Null when the workspace is not served any more.
 */
export async function chatForTeam(
  runtime: Pick<SlackRuntime, 'chat' | 'chats' | 'tenancy'>,
  teamId: string | null,
): Promise<ChatApi | null> {
  const tenant = await runtime.tenancy.resolve({ teamId, enterpriseId: null });
  if (tenant === null) return null;
  if (tenant.botToken && runtime.chats) return runtime.chats.for(tenant.botToken);
  return runtime.chat ?? null;
}
