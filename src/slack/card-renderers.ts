/**
 * The card renderers the Slack layer uses, imported in one place.
 * Interim: src/cards/index.ts (cards helper) has not landed yet; these minimal stand-ins have the same signatures
 * and are replaced by re-exports from '../cards/index.js' as soon as it does.
 */
import type { KnownBlock } from '@slack/types';
import type { RenderContext, SlackMessage } from '../cards/types.js';
import { isTrackingApiError } from '../tracking/errors.js';
import type {
  EmailSubmissionDetail,
  ShipmentDetail,
  TrackingRequestDetail,
  Vessel,
} from '../tracking/models.js';
import type { Resolution } from '../tracking/tracking-client.js';

export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function card(text: string): SlackMessage {
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(text).slice(0, 3000) } },
  ];
  return { text: text.slice(0, 3000), blocks };
}

export function renderShipmentCard(
  detail: ShipmentDetail,
  _ctx: RenderContext & { matchedContainer?: string | null },
): SlackMessage {
  return card(`Shipment ${detail.shipment.billOfLadingNumber} (${detail.containers.length} containers)`);
}

export function renderVesselCard(
  vessel: Vessel,
  ctx: RenderContext & { positions?: 'shown' | 'feature_not_enabled' },
): SlackMessage {
  const note = ctx.positions === 'feature_not_enabled' ? ' — positions need the routing data feature' : '';
  return card(`Vessel ${vessel.name ?? vessel.id} (IMO ${vessel.imo ?? 'unknown'})${note}`);
}

export function renderTrackingRequestCard(detail: TrackingRequestDetail, _ctx: RenderContext): SlackMessage {
  const request = detail.trackingRequest;
  return card(`Tracking request ${request.requestNumber}: ${request.status}`);
}

export function renderEmailSubmissionCard(
  detail: EmailSubmissionDetail,
  ctx: RenderContext & { downloadUrls?: Record<string, string> },
): SlackMessage {
  const links = Object.keys(ctx.downloadUrls ?? {}).length;
  return card(
    `Email submission ${detail.emailSubmission.subject ?? detail.emailSubmission.id}: ${detail.documents.length} documents, ${links} links`,
  );
}

export function renderErrorCard(error: unknown, ctx: RenderContext & { subject?: string }): SlackMessage {
  const code = isTrackingApiError(error) ? error.code : 'unexpected';
  return card(`Something went wrong${ctx.subject ? ` looking up ${ctx.subject}` : ''} (${code}). Try again.`);
}

export function renderNotFoundCard(
  resolution: Extract<Resolution, { kind: 'not_found' }>,
  _ctx: RenderContext,
): SlackMessage {
  return card(`Nothing found for ${resolution.query}. Check the number.`);
}
