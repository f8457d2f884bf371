/**
 * The card renderers interactions use, imported in one place. Interim: src/cards/index.ts has not landed; this
 * re-exports the Slack layer's stand-ins (same signatures) and switches to '../../../../cards/index.js' when it does.
 */
import type { RenderContext, SlackMessage } from '../../../../cards/types.js';
import type { ShipmentDetail } from '../../../../tracking/models.js';

export {
  renderEmailSubmissionCard,
  renderErrorCard,
  renderShipmentCard,
  renderTrackingRequestCard,
  renderVesselCard,
} from '../../../card-renderers.js';

export function renderContainerListMessages(detail: ShipmentDetail, _ctx: RenderContext): SlackMessage[] {
  const lines = detail.containers.map((container) => container.number);
  return [
    {
      text: lines.join(', '),
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') || 'No containers' } }],
    },
  ];
}
