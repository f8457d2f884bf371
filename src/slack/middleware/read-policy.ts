/**
 * Global middleware: where the tenant's settings list channels (SHIPWATCH_CHANNELS, or the workspace's own in OAuth mode), slash commands that show tracking data answer only
 * there; elsewhere the person is told why, privately, and the command does not run. Help works everywhere. Buttons
 * check the same policy in their runner (actions/button.ts), where the click's card and thread are known.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { renderNotice } from '../../cards/notice.js';
import { checkReadPermission } from '../../features/policy/index.js';
import { commandFor } from '../commands/index.js';
import { createCommandInvocation } from '../commands/invocation.js';
import { requestContext } from '../context/tenant-context.js';
import type { SlackRuntime } from '../runtime.js';

export function commandReadPolicy(runtime: SlackRuntime): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { settings } = requestContext(args.context).tenant;
    if (!('command' in args) || settings.channels.length === 0) {
      await args.next();
      return;
    }
    const { command } = args;
    const spec = commandFor(command.command, command.text ?? '');
    const decision = checkReadPermission({ channelId: command.channel_id }, { settings });
    if (spec?.readsData !== true || decision.allowed) {
      await args.next();
      return;
    }
    await args.ack();
    await createCommandInvocation(runtime, args).replier.tell(renderNotice(':no_entry:', decision.reason));
  };
}
