/**
 * `entity_details_requested` → `entity.presentDetails` (docs/unfurls.md, "Opening a preview"): the person who opened a
 * shipment's Work Object sees, in Slack's flexpane and only them, its containers, holds and fees, with Refresh, Watch
 * here (in the channel the link was shared in, unless it is watched there already) and Open in Terminal49 — from the
 * store, like the preview. A shipment this workspace does not watch (or a channel Shipwatch is not enabled in) gets
 * Slack's error panel with what to do instead. entity.presentDetails is called through Bolt's client: the lean chat
 * client has chat.* only. A line in EVENTS (events/index.ts).
 */
import { SHIPMENT_REF_TYPE, shipmentDetailsEntity, shipmentFacts } from '../../cards/unfurls/index.js';
import { checkReadPermission } from '../../features/policy/index.js';
import { storedShipment } from '../../features/unfurls/preview-links.js';
import { readShipmentLink, type ShipmentRef, terminal49Url } from '../../features/unfurls/shipment-links.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import type { EventSpec } from '../events/event.js';
import { entityUrl, text } from './link-shared.js';

export const entityDetailsSurface: EventSpec = {
  event: 'entity_details_requested',
  create:
    (runtime) =>
    async ({ event, payload, client, features }) => {
      const { tenant } = features;
      const teamId = payload.teamId ?? tenant.teamId;
      const channelId = text(event.channel);
      const triggerId = text(event.trigger_id);
      if (triggerId === null) return;
      const present = (args: Parameters<typeof client.entity.presentDetails>[0]) =>
        client.entity.presentDetails(args).catch((error: unknown) => {
          runtime.logger.warn('could not show a shipment preview', {
            team: teamId,
            ...slackFailureFields(error),
          });
        });
      const refuse = (title: string, message: string) =>
        present({
          trigger_id: triggerId,
          error: { status: 'custom', custom_title: title, custom_message: message },
        });
      if (!checkReadPermission({ channelId }, { settings: tenant.settings }).allowed) {
        await refuse('Not in this channel', "Shipwatch isn't enabled in this channel.");
        return;
      }
      const ref = refOf(event, runtime.config.publicUrl);
      const stored = teamId !== null && ref !== null ? await storedShipment(features, teamId, ref) : null;
      if (stored === null) {
        const named = ref === null ? '' : ` ${'number' in ref ? ref.number : ref.shipmentId}`;
        await refuse(
          'Not watched here',
          `Shipwatch shows shipments this workspace watches. /shipment${named} shows its card.`,
        );
        return;
      }
      const { detail } = stored;
      const facts = shipmentFacts(detail, runtime.clock.now().getTime());
      const number = detail.shipment.billOfLadingNumber;
      await present({
        trigger_id: triggerId,
        metadata: shipmentDetailsEntity(facts, {
          entityUrl: entityUrl(runtime, detail.shipment.id, number),
          terminal49Url: terminal49Url(number ? { number } : { shipmentId: detail.shipment.id }),
          channelId,
          watchedHere: stored.watches.some(
            (watch) => watch.channelId === channelId && watch.state === 'active',
          ),
          readAtMs: stored.fetchedAt,
        }),
      });
    },
};

/** The shipment the opened entity is: its external_ref when it is one of ours, else the link it previews. */
function refOf(event: Readonly<Record<string, unknown>>, publicUrl: string | null): ShipmentRef | null {
  const ref = event.external_ref;
  if (ref !== null && typeof ref === 'object') {
    const { id, type } = ref as { id?: unknown; type?: unknown };
    if (type === SHIPMENT_REF_TYPE && text(id) !== null) return { shipmentId: String(id) };
  }
  const link =
    event.link !== null && typeof event.link === 'object'
      ? text((event.link as { url?: unknown }).url)
      : null;
  const url = text(event.app_unfurl_url) ?? link ?? text(event.entity_url);
  return url ? (readShipmentLink(url, publicUrl)?.ref ?? null) : null;
}
