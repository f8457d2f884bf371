/** What a person is told when watching cannot start (or stop) where they asked, before anything is written. */
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderTrackingStoppedNotice, renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import type { WatchRefusal } from './watch-shipment.js';

const NO_CHANNEL = 'Shipments are watched in a channel. Use this in the channel that should get the updates.';

export function refusalNotice(refusal: WatchRefusal): SlackMessage {
  if (refusal.code === 'no_store') return renderWatchNeedsStoreNotice();
  if (refusal.code === 'no_channel') return renderNotice(':information_source:', NO_CHANNEL);
  const { shipmentId, shipmentNumber, stoppedAt, reason } = refusal;
  return renderTrackingStoppedNotice({ shipmentId, shipmentNumber, stoppedAt, reason });
}
