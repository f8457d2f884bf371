/**
 * `entity_details_requested` → `entity.presentDetails` (docs/unfurls.md, "Opening a preview"): the person who opened a
 * shipment's Work Object sees its details in Slack's flexpane, or Slack's error panel with what to do instead; what
 * either says is the use case's (features/unfurls/shipment-details.ts). entity.presentDetails is called through
 * Bolt's client: the lean chat client has chat.* only. A line in EVENTS (events/index.ts).
 */
import { SHIPMENT_REF_TYPE } from '../../cards/unfurls/index.js';
import { shipmentDetails } from '../../features/unfurls/shipment-details.js';
import { readShipmentLink, type ShipmentRef } from '../../features/unfurls/shipment-links.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import type { EventSpec } from '../events/event.js';
import { text } from './link-shared.js';

export const entityDetailsSurface: EventSpec = {
  event: 'entity_details_requested',
  create:
    (runtime) =>
    async ({ event, payload, client, features }) => {
      const teamId = payload.teamId ?? features.tenant.teamId;
      const triggerId = text(event.trigger_id);
      if (triggerId === null) return;
      const { publicUrl } = runtime.config;
      const answer = await shipmentDetails(features, {
        teamId,
        channelId: text(event.channel),
        ref: refOf(event, publicUrl),
        publicUrl,
      });
      await client.entity
        .presentDetails(
          answer.kind === 'details'
            ? { trigger_id: triggerId, metadata: answer.entity }
            : {
                trigger_id: triggerId,
                error: { status: 'custom', custom_title: answer.title, custom_message: answer.message },
              },
        )
        .catch((error: unknown) => {
          runtime.logger.warn('could not show a shipment preview', {
            team: teamId,
            ...slackFailureFields(error),
          });
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
