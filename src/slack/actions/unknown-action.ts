/**
 * Clicks on elements no listener owns — typically a button on a card rendered by an older Shipwatch whose action id
 * has since changed. Slack needs an ack within 3 s for every block action or it shows the person an error, so these
 * are acknowledged and the person is told, privately, how to get a current card.
 */
import { renderNotice } from '../../cards/notice.js';
import { respondsTo } from '../delivery/reply-io.js';
import type { SlackRuntime } from '../runtime.js';
import { readActionContext } from './action-context.js';
import type { ButtonArgs } from './button.js';

const OUTDATED =
  'This button belongs to an older version of this card. Look the item up again (e.g. with /shipment) to get a current one.';

export function createUnknownActionListener(runtime: SlackRuntime) {
  return async ({ ack, body, respond }: ButtonArgs): Promise<void> => {
    await ack();
    const ctx = readActionContext(body);
    runtime.logger.info('click on an element without a listener', { action: ctx.actionId.slice(0, 255) });
    if (!ctx.messageTs || !respondsTo(ctx.responseUrl, runtime)) return;
    try {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        ...renderNotice(':information_source:', OUTDATED),
      });
    } catch (error) {
      runtime.logger.warn('response_url POST failed', { error });
    }
  };
}
