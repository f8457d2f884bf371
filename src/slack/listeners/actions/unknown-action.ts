/**
 * Clicks on elements no listener owns — typically a button on a card rendered by an older Shipwatch whose action id
 * has since changed. Slack needs an ack within 3 s for every block action or it shows the person an error, so these
 * are acknowledged and the person is told, privately, how to get a current card. interactions.ts routes every
 * action id it has no listener for here.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { withChatApi } from '../../delivery/chat-api.js';
import { readActionContext } from './support/action-context.js';
import { renderNotice } from './support/notice.js';
import { respondPrivately } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

const OUTDATED =
  'This button belongs to an older version of this card. Look the item up again (e.g. with /shipment) to get a current one.';

export function createUnknownActionListener(runtime: InteractionRuntime) {
  const { logger } = runtime.deps;
  return async ({
    ack,
    body,
    client,
    respond,
  }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs): Promise<void> => {
    await ack();
    const ctx = readActionContext(body);
    logger.info('click on an element without a listener', { action: ctx.actionId.slice(0, 255) });
    if (ctx.messageTs) {
      await respondPrivately(
        { client: withChatApi(client, runtime.deps.chat), respond: ctx.responseUrl ? respond : null, logger },
        renderNotice(':information_source:', OUTDATED),
      );
    }
  };
}
