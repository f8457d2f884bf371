/**
 * Compatibility shim: the Slack layer's interim card stand-ins are gone now that src/cards/index.ts exists; this file
 * only re-exports the real renderers for code that still imports it (listeners/actions/support/renderers.ts).
 * Import from '../cards/index.js' instead; this file will be removed once nothing imports it.
 */
export {
  escapeMrkdwn,
  renderEmailSubmissionCard,
  renderErrorCard,
  renderNotFoundCard,
  renderShipmentCard,
  renderTrackingRequestCard,
  renderVesselCard,
} from '../cards/index.js';
