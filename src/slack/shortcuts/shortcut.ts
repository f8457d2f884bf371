/**
 * What a shortcut is: one declaration (its callback id, global or message, the name and description manifest.yml
 * gives it, and its handler) from which registration and the manifest check derive (shortcuts/index.ts holds the
 * table). The runner acknowledges first, checks the channel's read policy, and answers through the one Replier, with
 * the message the shortcut was used on as the origin card, so follow-ups go to its thread.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { FeatureContext } from '../../features/context.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import type { SlackRuntime } from '../runtime.js';

export type ShortcutArgs = SlackShortcutMiddlewareArgs & AllMiddlewareArgs;

export interface ShortcutUse {
  shortcut: MessageShortcut;
  replier: Replier;
  client: SlackMessagingClient;
  features: FeatureContext;
}

export interface ShortcutSpec {
  callbackId: string;
  /** Message shortcuts only, for now (a global shortcut has no message to read). */
  type: 'message';
  /** As manifest.yml names it (a test compares). */
  name: string;
  description: string;
  create(runtime: SlackRuntime): (use: ShortcutUse) => Promise<void>;
}
