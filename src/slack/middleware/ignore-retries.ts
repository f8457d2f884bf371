/**
 * Global middleware: a slash command or event that Slack marks as a retry (X-Slack-Retry-Num) is acknowledged and
 * dropped. Slack re-sends only when our ack was late, and the first delivery is then already running, so acting again
 * would answer twice and repeat a write (`/track-edit … ref=`). Button clicks carry no retry header; a re-sent click
 * keeps its action_ts, and the button runner drops it (actions/button.ts).
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Logger } from '../../logger.js';

export function ignoreSlackRetries(logger: Logger): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const retryNum = args.context.retryNum ?? 0;
    if (retryNum === 0 || args.body.type === 'block_actions' || args.body.type === 'view_submission') {
      await args.next();
      return;
    }
    logger.info('re-delivered by Slack; the first delivery handles it', {
      ...('command' in args ? { command: args.command.command } : {}),
      retryNum,
      ...(args.context.retryReason ? { retryReason: args.context.retryReason } : {}),
    });
    if ('ack' in args && typeof args.ack === 'function') await args.ack();
  };
}
