/** Everything the interaction handlers share: the workspace's state and its link to the bot. */
import type { BotSender } from '../bot-link/bot-sender.js';
import type { WorkspaceIdentity } from '../identity.js';
import type { AppManifest } from '../manifest/app-manifest.js';
import type { LocalUser } from '../protocol.js';
import type { ChannelStore } from '../state/channel-store.js';
import type { FileStore } from '../state/file-store.js';
import type { ResponseContext, ResponseUrlRegistry } from '../state/response-urls.js';
import type { TriggerRegistry } from '../state/trigger-registry.js';
import type { ViewStore } from '../state/view-store.js';
import type { HomeTabs } from '../web-api/methods/home.js';

export interface WorkspaceCore {
  identity: WorkspaceIdentity;
  channel: ChannelStore;
  views: ViewStore;
  /** Each person's Home tab as the bot last published it (views.publish). */
  homes?: HomeTabs;
  /** Files the bot uploaded (files.getUploadURLExternal / completeUploadExternal). */
  files?: FileStore;
  triggers: TriggerRegistry;
  responseUrls: ResponseUrlRegistry;
  sender: BotSender;
  /** Origin the response_urls point at, e.g. http://127.0.0.1:3000 (known once the server listens). */
  origin(): string;
  now: () => number;
  /** Slash command invocations whose command line is already shown in the channel. */
  echoedCommands: Set<string>;
  /** The app as its manifest declares it: which slash commands and shortcuts reach the bot. */
  manifest: AppManifest;
}

export function findUser(core: WorkspaceCore, userId: string): LocalUser | null {
  return core.identity.users.find((user) => user.id === userId) ?? null;
}

export function responseUrl(core: WorkspaceCore, token: string): string {
  return `${core.origin()}/response/${token}`;
}

/** Slack's `action_ts`: seconds with microseconds. */
export function actionTs(now: number): string {
  return (now / 1000).toFixed(6);
}

/** Shows "/command text" in the channel once per invocation (Slack does so for in-channel answers). */
export function echoCommandOnce(core: WorkspaceCore, context: ResponseContext): void {
  if (context.kind !== 'command' || core.echoedCommands.has(context.invocationId)) return;
  core.echoedCommands.add(context.invocationId);
  core.channel.post({
    userId: context.userId,
    isBot: false,
    text: `${context.command} ${context.text}`.trim(),
    blocks: [],
  });
}
