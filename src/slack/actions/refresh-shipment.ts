/**
 * Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. On a watched
 * card the reading also goes through the change engine (what changed is posted in the thread, once) and the card
 * stays a watched card.
 */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import type { ButtonSpec } from './button.js';
import { privateCardIn } from './private-card.js';

export const refreshShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentRefresh],
  access: 'read',
  create:
    ({ tracking, clock, watching, logger }) =>
    async ({ ctx, replier }) => {
      const detail = await tracking.getShipment(ctx.value, { fresh: true });
      const watch =
        watching && ctx.teamId && ctx.channelId
          ? await watching.find(ctx.teamId, ctx.channelId, ctx.value)
          : null;
      const watched = watch?.state === 'active' && watch.cardTs === ctx.messageTs;
      if (watching && watch) {
        await watching
          .ingest(detail)
          .catch((error: unknown) => logger.warn('refresh not recorded for watches', { error }));
      }
      await replier.replaceCard(
        renderShipmentCard(detail, {
          now: clock.now(),
          ...(watched ? { watch: { updatedAtMs: clock.now().getTime() } } : {}),
          privateIn: privateCardIn(ctx),
        }),
      );
    },
};
