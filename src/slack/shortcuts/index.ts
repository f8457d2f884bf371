/**
 * The table of shortcuts: the one list. Registration derives from it, and a test checks manifest.yml declares each
 * (callback id, type, name). Adding one means its file (with its declaration), its line here and in the manifest.
 */
import type { App, MessageShortcut } from '@slack/bolt';
import { renderNotice } from '../../cards/notice.js';
import { checkReadPermission } from '../../features/policy/index.js';
import type { PostAckWork } from '../../jobs/post-ack-work.js';
import { featuresOf } from '../context/feature-context.js';
import { requestContext } from '../context/tenant-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { registry, respondsTo } from '../delivery/reply-io.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { findInMessageShortcut } from './find-in-message.js';
import type { ShortcutArgs, ShortcutSpec } from './shortcut.js';

export const SHORTCUTS: readonly ShortcutSpec[] = [findInMessageShortcut];

export function registerShortcuts(
  app: App,
  runtime: SlackRuntime,
  afterAck: PostAckWork,
  shortcuts: readonly ShortcutSpec[] = SHORTCUTS,
): void {
  for (const spec of shortcuts) {
    const handle = spec.create(runtime);
    app.shortcut(spec.callbackId, async (args: ShortcutArgs) => {
      await args.ack();
      if (args.shortcut.type !== 'message_action') return;
      const shortcut: MessageShortcut = args.shortcut;
      const { logger } = runtime;
      const replier = createReplier(
        {
          client: withChatApi(args.client, chatOf(runtime, args.context)),
          respond: respondsTo(shortcut.response_url, runtime) ? args.respond : null,
          logger,
          ...registry(runtime),
        },
        {
          teamId: shortcut.team?.id ?? null,
          channelId: shortcut.channel.id,
          userId: shortcut.user.id,
          card: {
            ts: shortcut.message.ts,
            threadTs: shortcut.message.thread_ts ?? shortcut.message.ts,
            isPrivate: false,
          },
        },
      );
      const decision = checkReadPermission(
        { channelId: shortcut.channel.id },
        { settings: requestContext(args.context).tenant.settings },
      );
      if (!decision.allowed) {
        await replier.tell(renderNotice(':no_entry:', decision.reason));
        return;
      }
      await afterAck(() =>
        handle({
          shortcut,
          replier,
          client: withChatApi(args.client, chatOf(runtime, args.context)),
          features: featuresOf(runtime, args.context),
        }).catch((error: unknown) => {
          logger.error('shortcut failed', { callbackId: spec.callbackId, error });
        }),
      );
    });
  }
}
