/**
 * A line about a watch that the channel should see (who started or stopped watching it, who took an alert): in its
 * card's thread. A card-less watch (a subscription's quiet shipment) has no thread yet, and a thread that refuses the
 * line is no reason to lose it: the person who acted is told instead.
 */
import type { SlackMessage } from '../../cards/types.js';
import { notifyFailureFields } from '../../notify/notifier.js';
import type { Watch } from '../../store/index.js';
import type { FeatureContext } from '../context.js';
import type { Conversation } from '../conversation.js';

export async function postWatchLine(
  ctx: Pick<FeatureContext, 'logger'>,
  conversation: Conversation,
  watch: Pick<Watch, 'channelId' | 'cardTs' | 'threadTs'>,
  line: SlackMessage,
  /** What the line is about, for the log when it goes to the person instead. */
  about: 'watch' | 'alert' = 'watch',
): Promise<void> {
  const threadTs = watch.threadTs ?? watch.cardTs;
  if (threadTs === null) return conversation.tell(line);
  try {
    await conversation.postInThread({ channelId: watch.channelId, threadTs }, line);
  } catch (error) {
    ctx.logger.warn(
      `could not post the ${about} line in the thread; telling the person`,
      notifyFailureFields(error),
    );
    await conversation.tell(line);
  }
}
